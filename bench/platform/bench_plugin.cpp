// Methods that measure the platform rather than a paper: a no-op node and a CPU-bound node.
#include <assay/sdk.hpp>
#include <cmath>

namespace {

struct Anything {
  std::optional<std::int64_t> in;
};
struct Zero {
  std::int64_t out = 0;
};

struct Spin {
  int iterations = 1000000;
};
struct Sum {
  double value = 0;
};

Sum spin(const Spin& s) {
  double sum = 0;
  for (int i = 0; i < s.iterations; ++i) sum += std::sin(i * 1e-3 + sum * 1e-9);
  return {sum};
}

}  // namespace

ASSAY_PLUGIN("bench", "1.0.0", "MIT",
             assay::method<Anything, Zero>("bench_noop",
                                           "Does nothing; measures the cost of a node execution")
                 .input(&Anything::in, "in", "ignored")
                 .output(&Zero::out, "out", "always 0")
                 .run([](const Anything&) { return Zero{}; }),
             assay::method<Spin, Sum>("bench_spin",
                                      "Burns a fixed amount of CPU; measures parallel efficiency")
                 .param(&Spin::iterations, "iterations", "loop iterations",
                        assay::range(1, 1 << 30))
                 .output(&Sum::value, "value", "a sum that depends on every iteration")
                 .run(spin))
