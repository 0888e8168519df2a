#include "gram_whitened.hpp"

#include <Eigen/SVD>
#include <catch2/catch.hpp>

namespace fl = assay::feature_learning;

TEST_CASE("gram-whitened step makes exactly the SGD step's Gram and keeps the polar factor",
          "[feature_learning]") {
  const Eigen::MatrixXd w = Eigen::MatrixXd::Random(7, 4), g = Eigen::MatrixXd::Random(7, 4);
  const double eta = 0.2;
  const Eigen::MatrixXd sgd = w - eta * g;
  const Eigen::MatrixXd next = fl::gram_whitened_step(w, g, eta);
  REQUIRE((next.transpose() * next - sgd.transpose() * sgd).norm() < 1e-10);
  // The output-side factor Q = U Vᵀ of the polar decomposition is unchanged.
  Eigen::JacobiSVD<Eigen::MatrixXd> before(w, Eigen::ComputeThinU | Eigen::ComputeThinV);
  Eigen::JacobiSVD<Eigen::MatrixXd> after(next, Eigen::ComputeThinU | Eigen::ComputeThinV);
  const Eigen::MatrixXd q0 = before.matrixU() * before.matrixV().transpose();
  const Eigen::MatrixXd q1 = after.matrixU() * after.matrixV().transpose();
  REQUIRE((q0 - q1).norm() < 1e-8);
}

TEST_CASE("gram-whitened step with zero gradient leaves the weight unchanged",
          "[feature_learning]") {
  const Eigen::MatrixXd w = Eigen::MatrixXd::Random(5, 5);
  REQUIRE((fl::gram_whitened_step(w, Eigen::MatrixXd::Zero(5, 5), 0.1) - w).norm() < 1e-10);
}
