// Annealed Langevin: chains start from N(0, I) and run, level by level, K_l unadjusted Langevin
// steps theta <- theta + h_l s_l(theta) + sqrt(2 h_l) xi on the composite score s_l at the
// level's diffusion time; the law after the last level (t = 0) approximates the tall posterior.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <random>
#include <vector>

#include "composite_score.hpp"
#include "langevin_tuning.hpp"
#include "tall_model.hpp"

namespace assay::sbi_langevin {

// Sums over chains after one level, from which the per-level trace is read.
struct LevelMoments {
  Eigen::VectorXd sum;
  Eigen::MatrixXd cross;  // sum of theta theta^T
  double count = 0;

  Eigen::VectorXd mean() const;
  Eigen::MatrixXd covariance() const;  // unbiased
};

struct AnnealedRun {
  Eigen::MatrixXd samples;  // chains x d, after the last level
  std::vector<LevelMoments> levels;
};

// Draws `chains` starting points from N(0, I), one row per chain.
Eigen::MatrixXd initial_chains(int chains, int dim, std::mt19937_64& rng);

// Runs one level (K ULA steps on the composite score at the level's alpha) on the rows of theta.
void run_level(const CompositeScore& score, const LevelStep& level,
               Eigen::Ref<Eigen::MatrixXd> theta, std::mt19937_64& rng,
               const std::function<void()>& between_steps = {});

LevelMoments moments_of(const Eigen::MatrixXd& theta);

// Runs `chains` chains; `errors` (n x d, optional) are constant errors added to the
// single-observation scores; `between_steps` is called after every step (cancellation).
AnnealedRun run_annealed_langevin(const TallModel& model, ScoreKind kind,
                                  const std::vector<LevelStep>& schedule,
                                  const Eigen::MatrixXd& errors, int chains, std::mt19937_64& rng,
                                  const std::function<void()>& between_steps = {});

// n unit vectors of length delta in uniformly random directions: constant score errors of size
// delta, one per observation.
Eigen::MatrixXd random_score_errors(int n_obs, int dim, double delta, std::mt19937_64& rng);

}  // namespace assay::sbi_langevin
