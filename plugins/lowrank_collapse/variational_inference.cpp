#include "variational_inference.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>

#include "random_streams.hpp"

namespace assay::lowrank_collapse {

Family parse_family(const std::string& name) {
  if (name == "coupling_flow") return Family::coupling_flow;
  if (name == "gaussian") return Family::gaussian;
  throw std::invalid_argument("family: '" + name + "' is not coupling_flow or gaussian");
}

nn::Var<float> mixture_log_density(nn::Tape<float>& tape, nn::Var<float> x,
                                   const Mixture& mixture) {
  const double precision = 1 / (mixture.sd * mixture.sd);
  // log w_k - ||x - mu_k||^2 / (2 sd^2) = x.mu_k / sd^2 - ||x||^2 / (2 sd^2) + c_k.
  nn::Mat<float> offsets(1, mixture.modes());
  for (int k = 0; k < mixture.modes(); ++k)
    offsets(0, k) = static_cast<float>(std::log(mixture.weights(k)) -
                                       0.5 * precision * mixture.means.row(k).squaredNorm());
  const auto means = tape.constant(mixture.means.cast<float>());
  const auto terms = nn::scale(nn::matmul_nt(x, means), float(precision)) -
                     nn::scale(nn::row_sums(nn::square(x)), float(0.5 * precision)) +
                     tape.constant(offsets);
  // log-sum-exp through log_softmax: lse(a) = a_0 - log_softmax(a)_0.
  const auto lse = nn::slice_cols(terms, 0, 1) - nn::slice_cols(nn::log_softmax(terms), 0, 1);
  const double log_norm =
      -0.5 * mixture.dim() * std::log(2 * std::numbers::pi * mixture.sd * mixture.sd);
  return nn::add_scalar(lse, float(log_norm));
}

namespace {

struct Draws {
  Eigen::MatrixXd x;
  Eigen::VectorXd log_ratio;  // log q - log p per row
};

Draws draw_without_grad(const VariationalFamily& q, const Mixture& mixture, int n,
                        std::mt19937_64& rng) {
  nn::Tape<float> tape;
  tape.set_grad_enabled(false);
  const auto d = q.draw(tape, nn::normal_matrix<float>(n, mixture.dim(), 1.0f, rng));
  const auto log_p = mixture_log_density(tape, d.x, mixture);
  return {d.x.value().cast<double>(), (d.log_q.value() - log_p.value()).cast<double>()};
}

std::unique_ptr<VariationalFamily> make_family(int dim, const ViOptions& options,
                                               std::uint64_t seed) {
  if (options.family == Family::gaussian) return diagonal_gaussian(dim);
  return coupling_flow(dim, options.shape, seed);
}

}  // namespace

ViReport vi_study(const Mixture& mixture, const ViOptions& options, int samples, int log_samples,
                  std::uint64_t seed, const Progress& progress) {
  auto q = make_family(mixture.dim(), options, seed);
  auto rng = stream_rng(seed, 0x71);
  const auto loss = [&](nn::Tape<float>& tape) {
    const auto d = q->draw(tape, nn::normal_matrix<float>(options.batch, mixture.dim(), 1.0f, rng));
    return nn::mean(d.log_q - mixture_log_density(tape, d.x, mixture));
  };
  ViReport r;
  const auto on_log = [&](int) {
    if (log_samples <= 0) return;
    const auto c = mode_coverage(mixture, draw_without_grad(*q, mixture, log_samples, rng).x);
    r.modes_covered.push_back(c.covered);
    r.weight_tv.push_back(c.weight_tv);
  };
  r.log = train_with_rank_logs(q->params(), q->weights(), options.schedule, loss, on_log, progress);
  const auto final_draws = draw_without_grad(*q, mixture, samples, rng);
  r.samples = final_draws.x;
  r.coverage = mode_coverage(mixture, r.samples);
  const auto& lr = final_draws.log_ratio;
  r.kl = lr.mean();
  r.kl_se = std::sqrt((lr.array() - r.kl).square().sum() /
                      std::max<Eigen::Index>(lr.size() - 1, 1) / lr.size());
  return r;
}

}  // namespace assay::lowrank_collapse
