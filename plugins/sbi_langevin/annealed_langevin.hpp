// Annealed Langevin: chains start from N(0, I) and run, level by level, K_l unadjusted Langevin
// steps theta <- theta + h_l s_l(theta) + sqrt(2 h_l) xi on the composite score s_l at the
// level's diffusion time; the law after the last level (t = 0) approximates the tall posterior.
#pragma once

#include <Eigen/Core>
#include <cstddef>
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

// Chains run in fixed blocks of kChainBlock rows, each with its own random stream, so a run's
// samples do not depend on how the blocks are spread over threads; a block also keeps the
// per-step temporaries small enough to stay in cache.
inline constexpr int kChainBlock = 256;

struct ChainBlocks {
  Eigen::MatrixXd theta;              // chains x d
  std::vector<std::mt19937_64> rngs;  // one per block of kChainBlock rows

  int blocks() const { return static_cast<int>(rngs.size()); }
  Eigen::Block<Eigen::MatrixXd> block(int b);
};

int chain_block_count(int chains);
// Draws every block's starting points from N(0, I) with that block's stream; needs
// chain_block_count(chains) streams.
ChainBlocks initial_chain_blocks(int chains, int dim, std::vector<std::mt19937_64> rngs);

// Calls run_block(b) once for every b in [0, blocks); the plugin passes one that runs the blocks
// in parallel.
using BlockRunner = std::function<void(int blocks, const std::function<void(int)>& run_block)>;
void run_blocks_in_order(int blocks, const std::function<void(int)>& run_block);

// Draws `chains` starting points from N(0, I), one row per chain.
Eigen::MatrixXd initial_chains(int chains, int dim, std::mt19937_64& rng);

// Runs one level (K ULA steps on the composite score at the level's alpha) on the rows of theta;
// `stop()`, if given, is polled after every step and ends the level early when true.
void run_level(const CompositeScore& score, const LevelStep& level,
               Eigen::Ref<Eigen::MatrixXd> theta, std::mt19937_64& rng,
               const std::function<bool()>& stop = {});

LevelMoments moments_of(const Eigen::MatrixXd& theta);

// Runs the chains through the schedule; `errors` (n x d, optional) are constant errors added to
// the single-observation scores; `after_level(l)` is called after each level (progress; it
// should throw to cancel), and `stop` is handed to run_level so a long level can end early.
AnnealedRun run_annealed_langevin(const TallModel& model, ScoreKind kind,
                                  const std::vector<LevelStep>& schedule,
                                  const Eigen::MatrixXd& errors, ChainBlocks chains,
                                  const BlockRunner& runner = run_blocks_in_order,
                                  const std::function<void(std::size_t)>& after_level = {},
                                  const std::function<bool()>& stop = {});

// The same with `chains` chains whose block streams are seeded from `rng`, blocks in order.
AnnealedRun run_annealed_langevin(const TallModel& model, ScoreKind kind,
                                  const std::vector<LevelStep>& schedule,
                                  const Eigen::MatrixXd& errors, int chains, std::mt19937_64& rng);

// n unit vectors of length delta in uniformly random directions: constant score errors of size
// delta, one per observation.
Eigen::MatrixXd random_score_errors(int n_obs, int dim, double delta, std::mt19937_64& rng);

}  // namespace assay::sbi_langevin
