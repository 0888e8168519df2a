#include "feature_network.hpp"

namespace assay::feature_learning {
namespace {

std::vector<nn::Index> widths_of(const NetworkShape& s) {
  std::vector<nn::Index> widths{s.input_dim};
  for (int l = 0; l < s.depth; ++l)
    widths.push_back(s.widths.empty() ? s.width : s.widths.at(static_cast<std::size_t>(l)));
  widths.push_back(s.classes);
  return widths;
}

}  // namespace

FeatureNetwork::FeatureNetwork(const NetworkShape& shape, nn::Rng& rng)
    : mlp_(params_, "mlp", widths_of(shape), nn::parse_activation(shape.activation), rng),
      activation_(nn::parse_activation(shape.activation)) {}

Pass FeatureNetwork::forward_backward(const Eigen::MatrixXd& x, const std::vector<int>& labels,
                                      bool with_features) {
  tape_.clear();
  params_.zero_grad();
  std::vector<nn::Var<double>> inputs{tape_.variable(x)};
  const auto& layers = mlp_.layers();
  nn::Var<double> logits;
  for (std::size_t l = 0; l < layers.size(); ++l) {
    const auto z = layers[l](inputs.back());
    if (l + 1 == layers.size())
      logits = z;
    else
      inputs.push_back(nn::activate(activation_, z));
  }
  const auto loss = nn::cross_entropy(logits, labels);
  tape_.backward(loss);
  Pass pass;
  if (with_features)
    for (const auto& h : inputs) {
      pass.features.push_back(h.value());
      pass.feature_grads.push_back(h.grad());
    }
  pass.loss = loss.item();
  int hits = 0;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    Eigen::Index k;
    logits.value().row(static_cast<Eigen::Index>(i)).maxCoeff(&k);
    hits += k == labels[i];
  }
  pass.accuracy = static_cast<double>(hits) / static_cast<double>(labels.size());
  return pass;
}

}  // namespace assay::feature_learning
