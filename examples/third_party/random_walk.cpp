// A third-party plugin: a Gaussian random walk and the mean squared displacement it reaches.
#include <assay/sdk.hpp>
#include <cmath>
#include <random>

namespace {

assay::MethodInfo random_walk_info() {
  return assay::method("random_walk", "Gaussian random walks; mean squared displacement")
      .param<int>("walkers", 1000, "independent walkers", assay::range(1, 1 << 20))
      .param<int>("steps", 100, "steps per walker", assay::range(1, 1 << 20))
      .param<double>("step_sd", 1.0, "standard deviation of one step", assay::at_least(0))
      .output<double>("msd", "mean squared displacement after the last step")
      .check("msd_is_linear", "E[X_n^2] = n sd^2 for a walk of n steps",
             [](const assay::CheckContext& ctx) {
               assay::Rng rng(ctx.seed);
               std::normal_distribution<double> step(0, 1);
               const int walkers = 4000, steps = 50;
               double sum = 0;
               for (int w = 0; w < walkers; ++w) {
                 double x = 0;
                 for (int s = 0; s < steps; ++s) x += step(rng);
                 sum += x * x;
               }
               // X^2 / n is chi-squared(1): standard error of the mean sqrt(2 / walkers).
               return assay::expect_near(sum / walkers / steps, 1.0, 4 * std::sqrt(2.0 / walkers));
             });
}

void random_walk(assay::Context& ctx) {
  const int walkers = ctx.param<int>("walkers"), steps = ctx.param<int>("steps");
  std::normal_distribution<double> step(0, ctx.param<double>("step_sd"));
  auto rng = ctx.rng();
  double sum = 0;
  for (int w = 0; w < walkers; ++w) {
    double x = 0;
    for (int s = 0; s < steps; ++s) x += step(rng);
    sum += x * x;
    ctx.progress(static_cast<double>(w + 1) / walkers);
  }
  ctx.output("msd", sum / walkers);
}

}  // namespace

ASSAY_PLUGIN("third_party_example", "0.1.0", assay::export_method(random_walk_info(), random_walk))
