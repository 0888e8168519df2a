assay_add_test(test_pipeline
  SOURCES pipeline_errors_test.cpp
          pipeline_override_test.cpp
          pipeline_test.cpp
          sweep_plan_test.cpp
          sweep_draws_test.cpp
          sweep_ranges_test.cpp
  LIBRARIES assay_platform)
