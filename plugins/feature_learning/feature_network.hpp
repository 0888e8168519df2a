// A classifier MLP whose every layer input (the features H_0 = X, H_1, ..., H_depth) is kept
// on the tape with its gradient, so the Feature Learning Equation can be evaluated per layer.
#pragma once

#include <Eigen/Core>
#include <assay/nn/nn.hpp>
#include <string>
#include <vector>

namespace assay::feature_learning {

struct NetworkShape {
  int input_dim = 2;
  int width = 32;
  int depth = 3;  // hidden layers
  int classes = 3;
  std::string activation = "tanh";
  std::vector<int> widths;  // one per hidden layer (depth of them); empty: `width` for each
};

// One full-batch forward and backward pass: the features reaching each Linear layer, their
// gradients, the loss and the training accuracy.
struct Pass {
  std::vector<Eigen::MatrixXd> features;       // depth + 1 entries: H_0 = X, ..., H_depth
  std::vector<Eigen::MatrixXd> feature_grads;  // ∇_{H_l} L, same shapes
  double loss = 0;
  double accuracy = 0;
};

class FeatureNetwork {
 public:
  FeatureNetwork(const NetworkShape& shape, nn::Rng& rng);
  FeatureNetwork(const FeatureNetwork&) = delete;
  FeatureNetwork& operator=(const FeatureNetwork&) = delete;

  // Mean cross-entropy of the labels; parameter gradients are zeroed first and then hold
  // ∇L after the call. Without `with_features` the pass leaves features and their gradients
  // empty (training steps that are not measured).
  Pass forward_backward(const Eigen::MatrixXd& x, const std::vector<int>& labels,
                        bool with_features = true);

  int layer_count() const { return static_cast<int>(mlp_.layers().size()); }
  // Weight of Linear layer l (out x in), reading features H_l.
  nn::Parameter<double>& weight(int l) const { return mlp_.layers()[l].weight(); }
  nn::Parameter<double>& bias(int l) const { return *mlp_.layers()[l].bias(); }
  nn::ParameterSet<double>& parameters() { return params_; }

 private:
  nn::ParameterSet<double> params_;
  nn::Mlp<double> mlp_;
  nn::Activation activation_;
  nn::Tape<double> tape_;
};

}  // namespace assay::feature_learning
