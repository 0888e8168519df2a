// Methods that measure the platform rather than a paper: a no-op node and a CPU-bound node.
#include <assay/sdk.hpp>
#include <cmath>

namespace {

assay::MethodInfo noop_info() {
  return assay::method("bench_noop", "Does nothing; measures the cost of a node execution")
      .optional_input<std::int64_t>("in", "ignored")
      .output<std::int64_t>("out", "always 0");
}

assay::MethodInfo spin_info() {
  return assay::method("bench_spin", "Burns a fixed amount of CPU; measures parallel efficiency")
      .param<int>("iterations", 1000000, "loop iterations", assay::range(1, 1 << 30))
      .output<double>("value", "a sum that depends on every iteration");
}

void spin(assay::Context& ctx) {
  const int n = ctx.param<int>("iterations");
  double s = 0;
  for (int i = 0; i < n; ++i) s += std::sin(i * 1e-3 + s * 1e-9);
  ctx.output("value", s);
}

}  // namespace

ASSAY_PLUGIN("bench", "1.0.0",
             assay::export_method(noop_info(),
                                  [](assay::Context& ctx) { ctx.output("out", std::int64_t{0}); }),
             assay::export_method(spin_info(), spin))
