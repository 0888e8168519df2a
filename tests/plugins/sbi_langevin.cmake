assay_add_test(test_sbi_langevin
  SOURCES sbi_langevin/gaussian_tall_model_test.cpp sbi_langevin/composite_score_test.cpp
          sbi_langevin/ula_recursion_test.cpp sbi_langevin/langevin_tuning_test.cpp
          sbi_langevin/wasserstein_test.cpp sbi_langevin/mixture_tall_model_test.cpp
          sbi_langevin/paper_claims_test.cpp
  LIBRARIES sbi_langevin_science
  NO_PLUGINS)
assay_add_test(test_sbi_langevin_plugin
  SOURCES sbi_langevin/plugin_test.cpp
  LIBRARIES assay_test_support
  PLUGINS sbi_langevin)
