assay_add_test(test_stdlib SOURCES
  stdlib/labelled_data_test.cpp
  stdlib/linear_probe_test.cpp
  stdlib/classification_test.cpp
  stdlib/matrix_file_test.cpp
  LIBRARIES stdlib_science
  NO_PLUGINS)
assay_add_test(test_stdlib_plugin SOURCES
  stdlib/plugin_test.cpp
  stdlib/matrix_classify_plugin_test.cpp
  LIBRARIES assay_test_support
  PLUGINS stdlib)
