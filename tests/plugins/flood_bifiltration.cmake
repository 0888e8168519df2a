assay_add_test(test_flood_bifiltration
  SOURCES flood_bifiltration/flood_filtration_test.cpp flood_bifiltration/bifiltration_test.cpp
  LIBRARIES flood_bifiltration_science
  NO_PLUGINS)
assay_add_test(test_flood_bifiltration_plugin
  SOURCES flood_bifiltration/plugin_test.cpp
  LIBRARIES assay_test_support
  PLUGINS flood_bifiltration stdlib)
