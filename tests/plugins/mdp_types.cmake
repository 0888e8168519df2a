assay_add_test(test_mdp_types SOURCES
  mdp_types/pair_ldp_test.cpp
  mdp_types/type_classes_test.cpp
  mdp_types/kl_ball_test.cpp
  mdp_types/kl_pessimism_test.cpp
  mdp_types/coding_exponent_test.cpp
  mdp_types/value_rate_test.cpp
  mdp_types/trajectory_value_rate_test.cpp
  LIBRARIES mdp_types_science
  NO_PLUGINS)
assay_add_test(test_mdp_types_plugin SOURCES
  mdp_types/plugin_test.cpp
  mdp_types/dry_run_test.cpp
  LIBRARIES assay_test_support
  PLUGINS mdp_types)
# dry_run_test.cpp runs the shipped pipeline through the real CLI.
add_dependencies(test_mdp_types_plugin assay)
