#include "feq_identity.hpp"

#include "feature_dynamics.hpp"
#include "feature_learning_equation.hpp"

namespace assay::feature_learning {

IdentityCurve feq_identity_curve(FeatureNetwork& net, const Eigen::MatrixXd& x,
                                 const std::vector<int>& labels, const Eigen::VectorXd& etas) {
  const Pass pass = net.forward_backward(x, labels);
  const int layers = net.layer_count();
  IdentityCurve c{etas, Eigen::MatrixXd(layers, etas.size()), Eigen::VectorXd(layers)};
  for (int l = 0; l < layers; ++l) {
    const Eigen::MatrixXd w = net.weight(l).value, w_grad = net.weight(l).grad;
    for (Eigen::Index e = 0; e < etas.size(); ++e) {
      const Eigen::MatrixXd stepped = w - etas(e) * w_grad;
      c.relative_error(l, e) =
          feq_relative_error(gram_change(w, stepped),
                             virtual_covariance(pass.features[l], pass.feature_grads[l], etas(e)));
    }
    c.slope(l) = log_log_slope(etas, c.relative_error.row(l).transpose());
  }
  return c;
}

IdentityCurve trained_identity_curve(const Eigen::MatrixXd& x, const std::vector<int>& labels,
                                     const NetworkShape& shape, double lr, int epochs,
                                     const Eigen::VectorXd& etas, std::uint64_t seed) {
  nn::Rng rng(seed);
  FeatureNetwork net(shape, rng);
  nn::Sgd<double> sgd(net.parameters(), {.lr = lr});
  for (int t = 0; t < epochs; ++t) {
    net.forward_backward(x, labels);
    sgd.step();
  }
  return feq_identity_curve(net, x, labels, etas);
}

}  // namespace assay::feature_learning
