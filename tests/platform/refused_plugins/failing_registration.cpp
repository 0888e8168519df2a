// A plugin whose method description is invalid: declaring it throws while registering.
#include <assay/sdk.hpp>

ASSAY_PLUGIN("failing_registration", "1.0.0",
             assay::export_method(assay::method("bad_default", "default outside its range")
                                      .param<int>("n", 0, "must be positive", assay::range(1, 9)),
                                  [](assay::Context&) {}))
