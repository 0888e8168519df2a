assay_add_test(test_cil_decentering
  SOURCES cil_decentering/geometry_test.cpp cil_decentering/training_test.cpp
          cil_decentering/decentering_test.cpp cil_decentering/task_confusion_test.cpp
          cil_decentering/random_features_test.cpp
  LIBRARIES cil_decentering_science
  NO_PLUGINS)
assay_add_test(test_cil_decentering_plugin
  SOURCES cil_decentering/plugin_test.cpp
  LIBRARIES assay_test_support
  PLUGINS cil_decentering stdlib)
