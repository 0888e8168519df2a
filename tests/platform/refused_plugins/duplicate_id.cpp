// A plugin that claims a method id the examples plugin already provides.
#include <assay/sdk.hpp>

ASSAY_PLUGIN("duplicate_id", "1.0.0",
             assay::export_method(assay::method("uniform_matrix", "a second uniform_matrix")
                                      .output<double>("value", "nothing"),
                                  [](assay::Context& ctx) { ctx.output("value", 0.0); }))
