#include "mixture_transfer.hpp"

#include <cmath>

#include "annealed_langevin.hpp"
#include "langevin_tuning.hpp"
#include "mixture_tall_model.hpp"
#include "sliced_wasserstein.hpp"

namespace assay::sbi_langevin {

MixtureTransferResult run_mixture_transfer(const MixtureTransferSetup& setup,
                                           std::mt19937_64& rng) {
  const auto data = draw_mixture_tall_data(setup.dim, setup.components, setup.separation,
                                           setup.component_var, setup.noise_var, setup.n_obs, rng);
  const MixtureTallModel model(data.weights, data.means, setup.component_var, setup.noise_var,
                               data.observations);
  TuningRequest request;
  request.kind = setup.kind;
  request.epsilon = setup.epsilon;
  request.levels = setup.levels;
  const auto plan = tune_langevin(model.gaussian_surrogate(), request);
  std::vector<LevelStep> schedule;
  for (const auto& l : plan.levels) schedule.push_back({l.alpha, l.step_size, l.steps});

  MixtureTransferResult out;
  out.levels = static_cast<int>(plan.levels.size());
  out.total_steps = plan.total_steps;
  out.surrogate_w2_bound = plan.w2_bound;
  out.samples = run_annealed_langevin(model, setup.kind, schedule, {}, setup.chains, rng).samples;
  out.reference = model.sample_tall_posterior(setup.chains, rng);
  const Eigen::MatrixXd independent = model.sample_tall_posterior(setup.chains, rng);
  const double root_d = std::sqrt(static_cast<double>(setup.dim));
  out.sliced_w2_scaled = root_d * sliced_w2(out.samples, out.reference, setup.projections, rng);
  out.floor_scaled = root_d * sliced_w2(independent, out.reference, setup.projections, rng);
  return out;
}

}  // namespace assay::sbi_langevin
