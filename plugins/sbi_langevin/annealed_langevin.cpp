#include "annealed_langevin.hpp"

#include <cmath>

namespace assay::sbi_langevin {

Eigen::VectorXd LevelMoments::mean() const { return sum / count; }

Eigen::MatrixXd LevelMoments::covariance() const {
  const Eigen::VectorXd m = mean();
  return (cross - count * m * m.transpose()) / (count - 1.0);
}

namespace {
Eigen::MatrixXd standard_normal_matrix(Eigen::Index rows, Eigen::Index cols, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Eigen::MatrixXd z(rows, cols);
  for (Eigen::Index r = 0; r < rows; ++r)  // row-major draw order: chain by chain
    for (Eigen::Index c = 0; c < cols; ++c) z(r, c) = normal(rng);
  return z;
}
}  // namespace

LevelMoments moments_of(const Eigen::MatrixXd& theta) {
  return {theta.colwise().sum().transpose(), theta.transpose() * theta,
          static_cast<double>(theta.rows())};
}

Eigen::MatrixXd initial_chains(int chains, int dim, std::mt19937_64& rng) {
  return standard_normal_matrix(chains, dim, rng);
}

void run_level(const CompositeScore& score, const LevelStep& level,
               Eigen::Ref<Eigen::MatrixXd> theta, std::mt19937_64& rng,
               const std::function<void()>& between_steps) {
  const double noise_scale = std::sqrt(2.0 * level.step_size);
  for (std::int64_t k = 0; k < level.steps; ++k) {
    theta += level.step_size * score(theta) +
             noise_scale * standard_normal_matrix(theta.rows(), theta.cols(), rng);
    if (between_steps) between_steps();
  }
}

AnnealedRun run_annealed_langevin(const TallModel& model, ScoreKind kind,
                                  const std::vector<LevelStep>& schedule,
                                  const Eigen::MatrixXd& errors, int chains, std::mt19937_64& rng,
                                  const std::function<void()>& between_steps) {
  AnnealedRun run;
  Eigen::MatrixXd theta = initial_chains(chains, model.dim(), rng);
  for (const auto& level : schedule) {
    const CompositeScore score(model, kind, VpSchedule::from_alpha(level.alpha), errors);
    run_level(score, level, theta, rng, between_steps);
    run.levels.push_back(moments_of(theta));
  }
  run.samples = std::move(theta);
  return run;
}

Eigen::MatrixXd random_score_errors(int n_obs, int dim, double delta, std::mt19937_64& rng) {
  Eigen::MatrixXd e = standard_normal_matrix(n_obs, dim, rng);
  for (int j = 0; j < n_obs; ++j) e.row(j) *= delta / e.row(j).norm();
  return e;
}

}  // namespace assay::sbi_langevin
