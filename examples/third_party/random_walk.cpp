// A third-party plugin: a Gaussian random walk and the mean squared displacement it reaches.
// The science is two plain functions; the bottom of the file declares the method once.
#include <assay/sdk.hpp>
#include <cmath>
#include <random>

namespace {

struct Walk {
  int walkers = 1000;
  int steps = 100;
  double step_sd = 1.0;
};

struct Displacement {
  double msd = 0;
};

// Mean over walkers of X_n^2, reporting the fraction of walkers done.
template <class Progress>
double mean_squared_displacement(const Walk& w, assay::Rng& rng, Progress progress) {
  std::normal_distribution<double> step(0, w.step_sd);
  double sum = 0;
  for (int k = 0; k < w.walkers; ++k) {
    double x = 0;
    for (int s = 0; s < w.steps; ++s) x += step(rng);
    sum += x * x;
    progress(static_cast<double>(k + 1) / w.walkers);
  }
  return sum / w.walkers;
}

// E[X_n^2] = n sd^2: X^2 / n is chi-squared(1), so the mean over walkers has standard error
// sqrt(2 / walkers); four of them is the tolerance.
assay::CheckResult msd_is_linear(const assay::CheckContext& ctx) {
  assay::Rng rng(ctx.seed);
  const Walk w{4000, 50, 1.0};
  const double msd = mean_squared_displacement(w, rng, [](double) {});
  return assay::expect_near(msd / w.steps, 1.0, 4 * std::sqrt(2.0 / w.walkers));
}

}  // namespace

ASSAY_PLUGIN(
    "third_party_example", "0.1.0", "MIT",
    assay::method<Walk, Displacement>("random_walk",
                                      "Gaussian random walks; mean squared displacement")
        .param(&Walk::walkers, "walkers", "independent walkers", assay::range(1, 1 << 20))
        .param(&Walk::steps, "steps", "steps per walker", assay::range(1, 1 << 20))
        .param(&Walk::step_sd, "step_sd", "standard deviation of one step", assay::at_least(0))
        .output(&Displacement::msd, "msd", "mean squared displacement after the last step")
        .claims({{"msd_is_linear", "E[X_n^2] = n sd^2 for a walk of n steps", msd_is_linear}})
        .run([](const Walk& w, assay::Context& ctx) {
          auto rng = ctx.rng();
          return Displacement{
              mean_squared_displacement(w, rng, [&](double done) { ctx.progress(done); })};
        }))
