assay_add_test(test_belief_search SOURCES
  belief_search/belief_test.cpp
  belief_search/searchers_test.cpp
  belief_search/exact_search_value_test.cpp
  belief_search/detector_test.cpp
  belief_search/standard_normal_test.cpp
  belief_search/episode_searcher_test.cpp
  belief_search/belief_weights_test.cpp
  belief_search/lane_controller_test.cpp
  LIBRARIES belief_search_science
  NO_PLUGINS)
assay_add_test(test_belief_search_plugin SOURCES
  belief_search/plugin_test.cpp
  LIBRARIES assay_test_support
  PLUGINS belief_search)
