assay_add_test(test_data_exchange SOURCES
  data_exchange/market_test.cpp
  data_exchange/core_test.cpp
  data_exchange/measured_curve_test.cpp
  data_exchange/closed_form_test.cpp
  LIBRARIES data_exchange_science
  NO_PLUGINS)
assay_add_test(test_data_exchange_plugin SOURCES
  data_exchange/plugin_test.cpp
  LIBRARIES assay_test_support
  PLUGINS data_exchange)
