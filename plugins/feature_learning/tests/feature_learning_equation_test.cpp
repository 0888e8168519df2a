#include "feature_learning_equation.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "feature_network.hpp"
#include "feq_identity.hpp"

namespace fl = assay::feature_learning;

TEST_CASE("gram change minus virtual covariance is exactly the second-order term",
          "[feature_learning]") {
  // For Z = X Wᵀ with G = dL/dZ: ∇_W L = GᵀX, ∇_X L = G W and
  // ΔGram - VC = eta² (XᵀG GᵀX - WᵀGᵀG W).
  const Eigen::MatrixXd x = Eigen::MatrixXd::Random(20, 4), w = Eigen::MatrixXd::Random(6, 4);
  const Eigen::MatrixXd g = Eigen::MatrixXd::Random(20, 6);
  const double eta = 0.3;
  const Eigen::MatrixXd dgram = fl::gram_change(w, w - eta * g.transpose() * x);
  const Eigen::MatrixXd vc = fl::virtual_covariance(x, g * w, eta);
  const Eigen::MatrixXd second =
      eta * eta * (x.transpose() * g * g.transpose() * x - w.transpose() * g.transpose() * g * w);
  REQUIRE((dgram - vc - second).norm() < 1e-12 * (1 + second.norm()));
}

TEST_CASE("network gradients satisfy X^T grad_X = (grad_W)^T W at every layer",
          "[feature_learning]") {
  // Both sides equal XᵀG W: the first-order terms of ΔGram and VC agree.
  fl::NetworkShape shape{3, 8, 2, 3, "tanh"};
  assay::nn::Rng rng(2);
  fl::FeatureNetwork net(shape, rng);
  const Eigen::MatrixXd x = Eigen::MatrixXd::Random(30, 3);
  std::vector<int> y(30);
  for (int i = 0; i < 30; ++i) y[i] = i % 3;
  const auto pass = net.forward_backward(x, y);
  REQUIRE(pass.features.size() == 3);
  for (int l = 0; l < net.layer_count(); ++l) {
    const Eigen::MatrixXd w = net.weight(l).value, w_grad = net.weight(l).grad;
    const Eigen::MatrixXd lhs = pass.features[l].transpose() * pass.feature_grads[l];
    const Eigen::MatrixXd rhs = w_grad.transpose() * w;
    REQUIRE((lhs - rhs).norm() <= 1e-12 * (1 + rhs.norm()));
  }
}

TEST_CASE("feature learning equation error falls by a decade per decade of eta",
          "[feature_learning]") {
  fl::NetworkShape shape{2, 16, 3, 3, "tanh"};
  const Eigen::MatrixXd x = Eigen::MatrixXd::Random(60, 2);
  std::vector<int> y(60);
  for (int i = 0; i < 60; ++i) y[i] = (x(i, 0) > 0) + (x(i, 1) > 0.3);
  Eigen::VectorXd etas(4);
  etas << 1e-5, 1e-4, 1e-3, 1e-2;
  const auto c = fl::trained_identity_curve(x, y, shape, 0.3, 20, etas, 5);
  for (int l = 0; l < c.slope.size(); ++l) {
    INFO("layer " << l << " slope " << c.slope(l));
    CHECK(std::abs(c.slope(l) - 1) < 0.05);
    CHECK(c.relative_error(l, 0) < 1e-3);
  }
}

TEST_CASE("log-log slope of a power law is its exponent", "[feature_learning]") {
  Eigen::VectorXd x(3), y(3);
  x << 1, 10, 100;
  y = 3 * x.array().pow(1.5);
  REQUIRE(fl::log_log_slope(x, y) == Approx(1.5));
}

TEST_CASE("tanh network features and weight gradients match tanh and finite differences",
          "[feature_learning]") {
  fl::NetworkShape shape{3, 5, 2, 3, "tanh"};
  assay::nn::Rng rng(4);
  fl::FeatureNetwork net(shape, rng);
  const Eigen::MatrixXd x = 2 * Eigen::MatrixXd::Random(12, 3);
  std::vector<int> y(12);
  for (int i = 0; i < 12; ++i) y[i] = i % 3;
  const auto pass = net.forward_backward(x, y);
  const Eigen::MatrixXd w = net.weight(0).value;
  const Eigen::RowVectorXd b = net.bias(0).value;
  const Eigen::MatrixXd expected = ((x * w.transpose()).rowwise() + b).array().tanh().matrix();
  REQUIRE((pass.features[1] - expected).cwiseAbs().maxCoeff() < 1e-14);
  // Central differences: truncation O(h^2) ~ 1e-10, rounding ~ 1e-16 / h ~ 1e-11.
  const double h = 1e-5, analytic = net.weight(1).grad(2, 3);
  net.weight(1).value(2, 3) += h;
  const double up = net.forward_backward(x, y).loss;
  net.weight(1).value(2, 3) -= 2 * h;
  const double down = net.forward_backward(x, y).loss;
  REQUIRE(std::abs((up - down) / (2 * h) - analytic) < 1e-8);
}
