assay_add_test(test_lowrank_collapse
  SOURCES lowrank_collapse/mixture_test.cpp lowrank_collapse/ode_solvers_test.cpp
          lowrank_collapse/closed_form_fields_test.cpp lowrank_collapse/flow_matching_test.cpp
          lowrank_collapse/variational_inference_test.cpp
  LIBRARIES lowrank_collapse_science
  NO_PLUGINS)
assay_add_test(test_lowrank_collapse_plugin
  SOURCES lowrank_collapse/plugin_test.cpp
  LIBRARIES assay_test_support
  PLUGINS lowrank_collapse)
