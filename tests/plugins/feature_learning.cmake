assay_add_test(test_feature_learning SOURCES
  feature_learning/target_linearity_test.cpp
  feature_learning/feature_learning_equation_test.cpp
  feature_learning/gram_whitened_test.cpp
  feature_learning/feature_dynamics_test.cpp
  LIBRARIES feature_learning_science stdlib_science
  NO_PLUGINS)
assay_add_test(test_feature_learning_plugin SOURCES
  feature_learning/plugin_test.cpp
  LIBRARIES assay_test_support stdlib_science
  PLUGINS feature_learning)
