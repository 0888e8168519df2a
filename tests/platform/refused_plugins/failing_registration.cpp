// A plugin whose method description is invalid: declaring it throws while registering.
#include <assay/sdk.hpp>

struct Count {
  int n = 0;
};

ASSAY_PLUGIN("failing_registration", "1.0.0", "MIT",
             assay::method<Count, void>("bad_default", "default outside its range")
                 .param(&Count::n, "n", "must be positive", assay::range(1, 9))
                 .run([](const Count&, assay::Context&) {}))
