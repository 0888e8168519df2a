// Full-batch training of a FeatureNetwork that records, per layer l (features H_l, read by
// weight W_l) and logged step: the Feature Learning Equation's relative error, Target
// Linearity and effective rank of H_l, with the loss and training accuracy.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "feature_network.hpp"

namespace assay::feature_learning {

enum class Optimiser { sgd, adam, gram_whitened };
Optimiser parse_optimiser(std::string_view name);

struct TrainingOptions {
  Optimiser optimiser = Optimiser::sgd;
  double lr = 0.1;
  int epochs = 300;  // full-batch steps
  int log_interval = 10;
};

struct Dynamics {
  std::vector<int> steps;                  // logged steps (before that step's update)
  Eigen::MatrixXd feq_error;               // layers x steps: ||ΔGram - VC|| / ||VC||, eta = lr
  Eigen::MatrixXd target_linearity;        // layers x steps
  Eigen::MatrixXd effective_rank;          // layers x steps
  std::vector<double> loss, accuracy;      // per logged step
  Eigen::VectorXd final_target_linearity;  // per layer, after the last update
  double final_loss = 0;
  double final_accuracy = 0;
};

// Called with the fraction of steps done; may throw to stop training.
using ProgressFn = std::function<void(double)>;

// Row l of every matrix is layer l: H_0 = X (read by the first weight), H_1..H_depth the hidden
// features. ΔGram is the weight Gram change the optimiser actually makes; VC uses the virtual
// step X~ = H - lr ∇_H L, so for Adam the two need not agree.
Dynamics train_feature_dynamics(const Eigen::MatrixXd& x, const std::vector<int>& labels,
                                const NetworkShape& shape, const TrainingOptions& options,
                                std::uint64_t seed, const ProgressFn& progress = {});
// The same from a given network (e.g. weights shared with a peer implementation); trains it.
Dynamics train_feature_dynamics(FeatureNetwork& net, const Eigen::MatrixXd& x,
                                const std::vector<int>& labels, int classes,
                                const TrainingOptions& options, const ProgressFn& progress = {});

// Per layer: the first logged step at which TL has covered half its rise from step 0 to the
// end of training; -1 if it never rises.
std::vector<int> half_rise_steps(const Dynamics& d);

// The scalars a sweep compares (hidden layers are rows 1..depth).
struct DynamicsSummary {
  double tl_first_hidden = 0;
  double tl_last_hidden = 0;
  double median_feq_error = 0;
  // Fraction of hidden layer pairs i < j, both rising, with half-rise steps t_i <= t_j.
  double rise_order_agreement = 0;
};
DynamicsSummary summarise(const Dynamics& d);

}  // namespace assay::feature_learning
