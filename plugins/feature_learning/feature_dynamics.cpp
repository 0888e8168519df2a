#include "feature_dynamics.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "feature_learning_equation.hpp"
#include "gram_whitened.hpp"
#include "target_linearity.hpp"

namespace assay::feature_learning {
namespace {

// Applies one update from the parameters' current gradients. gram_whitened is the authors'
// wrapper around plain SGD: take the SGD step, then replace every weight by the one with the
// same new Gram nearest to the old weight (biases keep the SGD step).
class Stepper {
 public:
  Stepper(FeatureNetwork& net, const TrainingOptions& o)
      : net_(net), whiten_(o.optimiser == Optimiser::gram_whitened) {
    auto& params = net.parameters();
    if (o.optimiser == Optimiser::adam)
      base_ = std::make_unique<nn::Adam<double>>(params, nn::AdamOptions{.lr = o.lr});
    else
      base_ = std::make_unique<nn::Sgd<double>>(params, nn::SgdOptions{.lr = o.lr});
  }

  void step() {
    std::vector<Eigen::MatrixXd> before;
    if (whiten_)
      for (int l = 0; l < net_.layer_count(); ++l) before.push_back(net_.weight(l).value);
    base_->step();
    for (std::size_t l = 0; l < before.size(); ++l) {
      auto& w = net_.weight(static_cast<int>(l)).value;
      w = gram_whitened(before[l], w);
    }
  }

 private:
  FeatureNetwork& net_;
  bool whiten_;
  std::unique_ptr<nn::Optimizer<double>> base_;
};

Eigen::MatrixXd grad_or_zero(const Eigen::MatrixXd& grad, const Eigen::MatrixXd& like) {
  return grad.size() ? grad : Eigen::MatrixXd::Zero(like.rows(), like.cols());
}

}  // namespace

Optimiser parse_optimiser(std::string_view name) {
  if (name == "sgd") return Optimiser::sgd;
  if (name == "adam") return Optimiser::adam;
  if (name == "gram_whitened") return Optimiser::gram_whitened;
  throw std::invalid_argument("optimiser '" + std::string(name) +
                              "': use sgd, adam or gram_whitened");
}

Dynamics train_feature_dynamics(const Eigen::MatrixXd& x, const std::vector<int>& labels,
                                const NetworkShape& shape, const TrainingOptions& options,
                                std::uint64_t seed, const ProgressFn& progress) {
  nn::Rng rng(seed);
  FeatureNetwork net(shape, rng);
  return train_feature_dynamics(net, x, labels, shape.classes, options, progress);
}

Dynamics train_feature_dynamics(FeatureNetwork& net, const Eigen::MatrixXd& x,
                                const std::vector<int>& labels, int classes,
                                const TrainingOptions& options, const ProgressFn& progress) {
  Stepper stepper(net, options);
  const int layers = net.layer_count();
  std::vector<std::vector<double>> feq(layers), tl(layers), erank(layers);
  Dynamics d;
  for (int t = 0; t < options.epochs; ++t) {
    const bool logged = t % options.log_interval == 0 || t + 1 == options.epochs;
    const Pass pass = net.forward_backward(x, labels, logged);
    std::vector<Eigen::MatrixXd> before;
    if (logged)
      for (int l = 0; l < layers; ++l) before.emplace_back(net.weight(l).value);
    stepper.step();
    if (logged) {
      d.steps.push_back(t);
      d.loss.push_back(pass.loss);
      d.accuracy.push_back(pass.accuracy);
      for (int l = 0; l < layers; ++l) {
        const Eigen::MatrixXd& h = pass.features[l];
        const Eigen::MatrixXd vc =
            virtual_covariance(h, grad_or_zero(pass.feature_grads[l], h), options.lr);
        feq[l].push_back(feq_relative_error(gram_change(before[l], net.weight(l).value), vc));
        tl[l].push_back(target_linearity(h, labels, classes));
        erank[l].push_back(feature_effective_rank(h));
      }
    }
    if (progress) progress(static_cast<double>(t + 1) / options.epochs);
  }
  const auto as_matrix = [&](const std::vector<std::vector<double>>& rows) {
    Eigen::MatrixXd m(layers, static_cast<Eigen::Index>(d.steps.size()));
    for (int l = 0; l < layers; ++l)
      for (std::size_t s = 0; s < d.steps.size(); ++s) m(l, s) = rows[l][s];
    return m;
  };
  d.feq_error = as_matrix(feq);
  d.target_linearity = as_matrix(tl);
  d.effective_rank = as_matrix(erank);
  const Pass last = net.forward_backward(x, labels);
  d.final_loss = last.loss;
  d.final_accuracy = last.accuracy;
  d.final_target_linearity.resize(layers);
  for (int l = 0; l < layers; ++l)
    d.final_target_linearity(l) = target_linearity(last.features[l], labels, classes);
  return d;
}

std::vector<int> half_rise_steps(const Dynamics& d) {
  std::vector<int> out;
  for (Eigen::Index l = 0; l < d.target_linearity.rows(); ++l) {
    const double start = d.target_linearity(l, 0);
    const double rise = d.final_target_linearity(l) - start;
    int step = -1;
    if (rise > 0)
      for (Eigen::Index s = 0; s < d.target_linearity.cols() && step < 0; ++s)
        if (d.target_linearity(l, s) >= start + 0.5 * rise) step = d.steps[s];
    out.push_back(step);
  }
  return out;
}

DynamicsSummary summarise(const Dynamics& d) {
  DynamicsSummary s;
  const auto layers = d.final_target_linearity.size();
  s.tl_first_hidden = d.final_target_linearity(std::min<Eigen::Index>(1, layers - 1));
  s.tl_last_hidden = d.final_target_linearity(layers - 1);
  std::vector<double> errors(d.feq_error.data(), d.feq_error.data() + d.feq_error.size());
  if (!errors.empty()) {
    std::nth_element(errors.begin(), errors.begin() + errors.size() / 2, errors.end());
    s.median_feq_error = errors[errors.size() / 2];
  }
  const auto rise = half_rise_steps(d);
  int pairs = 0, ordered = 0;
  for (std::size_t i = 1; i < rise.size(); ++i)
    for (std::size_t j = i + 1; j < rise.size(); ++j)
      if (rise[i] >= 0 && rise[j] >= 0) ++pairs, ordered += rise[i] <= rise[j];
  s.rise_order_agreement = pairs ? static_cast<double>(ordered) / pairs : 1.0;
  return s;
}

}  // namespace assay::feature_learning
