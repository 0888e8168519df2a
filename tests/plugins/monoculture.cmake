assay_add_test(test_monoculture
  SOURCES monoculture/agreement_nulls_test.cpp monoculture/claim_figures_test.cpp
          monoculture/irt_fit_test.cpp monoculture/item_bootstrap_test.cpp
          monoculture/option_agreement_test.cpp monoculture/paper_claims_test.cpp
          monoculture/population_test.cpp monoculture/population_sweep_test.cpp
          monoculture/rasch_scores_test.cpp
  LIBRARIES monoculture_science
  NO_PLUGINS)
assay_add_test(test_monoculture_plugin
  SOURCES monoculture/plugin_test.cpp
  LIBRARIES assay_test_support
  PLUGINS monoculture)
