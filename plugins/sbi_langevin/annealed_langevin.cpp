#include "annealed_langevin.hpp"

#include <algorithm>
#include <boost/random/normal_distribution.hpp>
#include <cmath>
#include <stdexcept>

#include "fused_gaussian_step.hpp"

namespace assay::sbi_langevin {

Eigen::VectorXd LevelMoments::mean() const { return sum / count; }

Eigen::MatrixXd LevelMoments::covariance() const {
  const Eigen::VectorXd m = mean();
  return (cross - count * m * m.transpose()) / (count - 1.0);
}

namespace {
// Boost's ziggurat normal: about 3x cheaper than std::normal_distribution's polar method, and the
// Gaussian noise is a large part of the cost of a ULA step.
void fill_standard_normal(Eigen::Ref<Eigen::MatrixXd> z, std::mt19937_64& rng) {
  boost::random::normal_distribution<double> normal;
  for (Eigen::Index r = 0; r < z.rows(); ++r)  // row-major draw order: chain by chain
    for (Eigen::Index c = 0; c < z.cols(); ++c) z(r, c) = normal(rng);
}

Eigen::MatrixXd standard_normal_matrix(Eigen::Index rows, Eigen::Index cols, std::mt19937_64& rng) {
  Eigen::MatrixXd z(rows, cols);
  fill_standard_normal(z, rng);
  return z;
}

Eigen::Index block_rows(const ChainBlocks& chains, int b) {
  return std::min<Eigen::Index>(kChainBlock, chains.theta.rows() - Eigen::Index{b} * kChainBlock);
}
}  // namespace

Eigen::Block<Eigen::MatrixXd> ChainBlocks::block(int b) {
  return theta.middleRows(Eigen::Index{b} * kChainBlock, block_rows(*this, b));
}

int chain_block_count(int chains) { return (chains + kChainBlock - 1) / kChainBlock; }

ChainBlocks initial_chain_blocks(int chains, int dim, std::vector<std::mt19937_64> rngs) {
  if (static_cast<int>(rngs.size()) != chain_block_count(chains))
    throw std::invalid_argument("initial_chain_blocks: need one random stream per chain block");
  ChainBlocks out{Eigen::MatrixXd(chains, dim), std::move(rngs)};
  for (int b = 0; b < out.blocks(); ++b)
    out.block(b) = standard_normal_matrix(block_rows(out, b), dim, out.rngs[b]);
  return out;
}

void run_blocks_in_order(int blocks, const std::function<void(int)>& run_block) {
  for (int b = 0; b < blocks; ++b) run_block(b);
}

LevelMoments moments_of(const Eigen::MatrixXd& theta) {
  return {theta.colwise().sum().transpose(), theta.transpose() * theta,
          static_cast<double>(theta.rows())};
}

Eigen::MatrixXd initial_chains(int chains, int dim, std::mt19937_64& rng) {
  return standard_normal_matrix(chains, dim, rng);
}

void run_level(const CompositeScore& score, const LevelStep& level,
               Eigen::Ref<Eigen::MatrixXd> theta, std::mt19937_64& rng,
               const std::function<bool()>& stop) {
  const double noise_scale = std::sqrt(2.0 * level.step_size);
  auto fused = FusedGaussianStep::of(score, level.step_size);
  Eigen::MatrixXd noise(theta.rows(), theta.cols());
  for (std::int64_t k = 0; k < level.steps; ++k) {
    fill_standard_normal(noise, rng);
    if (fused)
      (*fused)(theta, noise);
    else
      theta += level.step_size * score(theta) + noise_scale * noise;
    if (stop && stop()) return;
  }
}

AnnealedRun run_annealed_langevin(const TallModel& model, ScoreKind kind,
                                  const std::vector<LevelStep>& schedule,
                                  const Eigen::MatrixXd& errors, ChainBlocks chains,
                                  const BlockRunner& runner,
                                  const std::function<void(std::size_t)>& after_level,
                                  const std::function<bool()>& stop) {
  AnnealedRun run;
  for (std::size_t l = 0; l < schedule.size(); ++l) {
    const CompositeScore score(model, kind, VpSchedule::from_alpha(schedule[l].alpha), errors);
    runner(chains.blocks(),
           [&](int b) { run_level(score, schedule[l], chains.block(b), chains.rngs[b], stop); });
    run.levels.push_back(moments_of(chains.theta));
    if (after_level) after_level(l);
  }
  run.samples = std::move(chains.theta);
  return run;
}

AnnealedRun run_annealed_langevin(const TallModel& model, ScoreKind kind,
                                  const std::vector<LevelStep>& schedule,
                                  const Eigen::MatrixXd& errors, int chains, std::mt19937_64& rng) {
  std::vector<std::mt19937_64> rngs;
  for (int b = 0; b < chain_block_count(chains); ++b) rngs.emplace_back(rng());
  return run_annealed_langevin(model, kind, schedule, errors,
                               initial_chain_blocks(chains, model.dim(), std::move(rngs)));
}

Eigen::MatrixXd random_score_errors(int n_obs, int dim, double delta, std::mt19937_64& rng) {
  Eigen::MatrixXd e = standard_normal_matrix(n_obs, dim, rng);
  for (int j = 0; j < n_obs; ++j) e.row(j) *= delta / e.row(j).norm();
  return e;
}

}  // namespace assay::sbi_langevin
