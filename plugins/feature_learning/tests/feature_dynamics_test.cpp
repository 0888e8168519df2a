#include "feature_dynamics.hpp"

#include <catch2/catch.hpp>

#include "labelled_data.hpp"

namespace fl = assay::feature_learning;

TEST_CASE("feature dynamics logs layers x steps and fits separable clusters",
          "[feature_learning]") {
  std::mt19937_64 rng(1);
  const auto d = assay::stdlib::gaussian_clusters(120, 4, 3, 0.2, rng);
  const fl::NetworkShape shape{4, 16, 2, 3, "tanh"};
  const auto r = fl::train_feature_dynamics(d.x, d.y, shape, {fl::Optimiser::sgd, 0.2, 101, 20}, 3);
  REQUIRE(r.steps == std::vector<int>{0, 20, 40, 60, 80, 100});
  REQUIRE(r.feq_error.rows() == 3);
  REQUIRE(r.feq_error.cols() == 6);
  REQUIRE(r.final_accuracy == 1.0);
  REQUIRE(r.final_loss < r.loss.front());
  // Plain SGD's Gram change is the Virtual Covariance up to O(lr): small at lr = 0.2.
  REQUIRE(r.feq_error.maxCoeff() < 0.5);
  // The input layer's features never change.
  REQUIRE(r.target_linearity.row(0).maxCoeff() == Approx(r.target_linearity(0, 0)));
}

TEST_CASE("every optimiser trains and is deterministic in the seed", "[feature_learning]") {
  std::mt19937_64 rng(2);
  const auto d = assay::stdlib::gaussian_clusters(90, 3, 3, 0.3, rng);
  const fl::NetworkShape shape{3, 8, 2, 3, "relu"};
  for (auto opt : {fl::Optimiser::sgd, fl::Optimiser::adam, fl::Optimiser::gram_whitened}) {
    const double lr = opt == fl::Optimiser::adam ? 0.01 : 0.2;
    const auto a = fl::train_feature_dynamics(d.x, d.y, shape, {opt, lr, 60, 10}, 4);
    const auto b = fl::train_feature_dynamics(d.x, d.y, shape, {opt, lr, 60, 10}, 4);
    REQUIRE(a.final_loss == b.final_loss);
    REQUIRE(a.final_loss < a.loss.front());
  }
}

TEST_CASE("gram_whitened step keeps the SGD step's weight Grams and rotates the weights",
          "[feature_learning]") {
  std::mt19937_64 rng(5);
  const auto d = assay::stdlib::gaussian_clusters(60, 4, 3, 0.5, rng);
  const fl::NetworkShape shape{4, 6, 2, 3, "tanh"};
  assay::nn::Rng rng_sgd(9), rng_whitened(9);
  fl::FeatureNetwork sgd(shape, rng_sgd), whitened(shape, rng_whitened);
  fl::train_feature_dynamics(sgd, d.x, d.y, 3, {fl::Optimiser::sgd, 0.5, 1, 1});
  fl::train_feature_dynamics(whitened, d.x, d.y, 3, {fl::Optimiser::gram_whitened, 0.5, 1, 1});
  for (int l = 0; l < sgd.layer_count(); ++l) {
    const Eigen::MatrixXd a = sgd.weight(l).value, b = whitened.weight(l).value;
    INFO("layer " << l);
    REQUIRE((a.transpose() * a - b.transpose() * b).norm() < 1e-12 * a.squaredNorm());
    REQUIRE((a - b).norm() > 1e-6);  // the rotation part of the step was removed
    REQUIRE(sgd.bias(l).value == whitened.bias(l).value);
  }
}
