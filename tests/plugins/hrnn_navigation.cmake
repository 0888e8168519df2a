assay_add_test(test_hrnn_navigation SOURCES
  hrnn_navigation/trajectories_test.cpp
  hrnn_navigation/grid_score_test.cpp
  hrnn_navigation/cell_types_test.cpp
  hrnn_navigation/training_test.cpp
  hrnn_navigation/perturbation_test.cpp
  LIBRARIES hrnn_navigation_science
  NO_PLUGINS)
assay_add_test(test_hrnn_navigation_plugin SOURCES
  hrnn_navigation/plugin_test.cpp
  LIBRARIES assay_test_support
  PLUGINS hrnn_navigation)
