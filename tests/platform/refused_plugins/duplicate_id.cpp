// A plugin that claims a method id the examples plugin already provides.
#include <assay/sdk.hpp>

struct Nothing {};
struct Zero {
  double value = 0;
};

ASSAY_PLUGIN("duplicate_id", "1.0.0", "MIT",
             assay::method<Nothing, Zero>("uniform_matrix", "a second uniform_matrix")
                 .output(&Zero::value, "value", "nothing")
                 .run([](const Nothing&) { return Zero{}; }))
