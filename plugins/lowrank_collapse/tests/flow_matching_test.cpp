#include "flow_matching.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "assay/nn/matrix.hpp"
#include "closed_form_fields.hpp"
#include "gaussian_target.hpp"
#include "weight_spectra.hpp"

namespace lc = assay::lowrank_collapse;
namespace nn = assay::nn;

namespace {
double mean_of(const Eigen::VectorXd& v) { return v.mean(); }
double se_of(const Eigen::VectorXd& v) {
  return std::sqrt((v.array() - v.mean()).square().sum() / (v.size() - 1) / v.size());
}
}  // namespace

TEST_CASE("a learned field matches the Gaussian closed form within its excess training loss",
          "[lowrank_collapse]") {
  std::mt19937_64 rng(21);
  const auto training = lowrank_collapse_test::gaussian_draws(20000, rng);
  lc::FlowMatchingOptions options;
  options.schedule = {2e-3, 1500, 500, 0};
  const auto fit = lc::train_flow_matching(training, options, 21);
  const lc::GaussianField exact(lowrank_collapse_test::target_mean(),
                                lowrank_collapse_test::target_cov());

  // Fresh I-CFM triples: a = ||v - u_c||^2 (the summed loss), b = ||v - u*||^2 (the field's
  // error). E[a - b] = E||u_c - u*||^2 = C exactly (the cross term has mean 0 because u* is
  // the conditional mean), so E[b] = L - C: the training loss bounds the field's error.
  const int n = 20000;
  const auto batch = lc::cfm_batch(lowrank_collapse_test::gaussian_draws(n, rng), rng);
  const Eigen::MatrixXd v = fit.field(batch.t, batch.xt);
  Eigen::MatrixXd u(n, 2);
  for (int i = 0; i < n; ++i) u.row(i) = exact(batch.t(i), batch.xt.row(i));
  const Eigen::VectorXd a = (v - batch.target).rowwise().squaredNorm();
  const Eigen::VectorXd b = (v - u).rowwise().squaredNorm();
  const Eigen::VectorXd target_energy = u.rowwise().squaredNorm();
  const double c = exact.irreducible_loss();
  INFO("summed loss " << mean_of(a) << ", C " << c << ", field error " << mean_of(b));
  REQUIRE(std::abs(mean_of(a - b) - c) < 4 * se_of(a - b));
  // The last training batch's loss (averaged over 2 coordinates, so times 2 for the sum), an
  // estimate of L with the SE of a 256-row mean, bounds the error through L - C.
  const double batch_se =
      std::sqrt(256.0) / 256 * std::sqrt((a.array() - a.mean()).square().mean());
  REQUIRE(mean_of(b) <= 2 * fit.log.final_loss - c + 4 * batch_se);
  // And the learned field is close: its error is a small fraction of the field's energy.
  REQUIRE(mean_of(b) < 0.05 * mean_of(target_energy));
}

TEST_CASE("a weight gradient has rank at most batch x time", "[lowrank_collapse]") {
  const auto rank_of_gradients = [](int points, int times) {
    lc::VelocityField field(2, {64, 2, nn::Activation::silu, 1}, 31);
    std::mt19937_64 rng(32);
    nn::Mat<float> input(points * times, 3);
    for (int p = 0; p < points; ++p) {
      const float x = 3 * nn::standard_normal(rng), y = 3 * nn::standard_normal(rng);
      for (int k = 0; k < times; ++k) input.row(p * times + k) << x, y, (k + 0.5f) / times;
    }
    nn::Tape<float> tape;
    field.params().zero_grad();
    tape.backward(nn::sum(nn::square(field(tape, input))));
    std::vector<int> ranks;
    // Float rounding adds singular values near 1e-7 of the largest; 1e-4 sits well above.
    for (const auto* w : field.weights())
      ranks.push_back(lc::numerical_rank(w->grad.cast<double>(), 1e-4));
    return ranks;
  };
  // Each (point, time) row adds one outer product delta h^T to every layer's gradient, so
  // 3 points x 4 times bound the 64 x 64 middle layer's gradient rank by 12.
  const auto few = rank_of_gradients(3, 4);
  INFO("ranks with 12 rows: " << few[0] << " " << few[1] << " " << few[2]);
  REQUIRE(few[0] <= 3);
  REQUIRE(few[1] <= 12);
  REQUIRE(few[2] <= 2);
  // The bound is what limits it: 160 rows give the same layer a higher rank.
  const auto many = rank_of_gradients(20, 8);
  INFO("middle layer rank with 160 rows: " << many[1]);
  REQUIRE(many[1] > 12);
}

TEST_CASE("rank-k updates accumulate rank at most k per step", "[lowrank_collapse]") {
  const Eigen::MatrixXd training = Eigen::MatrixXd::Random(200, 2);
  lc::FlowMatchingOptions options;
  options.schedule = {1e-3, 3, 1, 1};
  const auto fit = lc::train_flow_matching(training, options, 41);
  lc::FlowMatchingOptions full = options;
  full.schedule.update_rank = 0;
  const auto free = lc::train_flow_matching(training, full, 41);
  // Same seed, same initial weights: W_3 - W_0 is a sum of 3 rank-1 updates under k = 1.
  const lc::VelocityField start(2, options.shape, 41);
  const Eigen::MatrixXd delta =
      (fit.field.weights()[1]->value - start.weights()[1]->value).cast<double>();
  const Eigen::MatrixXd free_delta =
      (free.field.weights()[1]->value - start.weights()[1]->value).cast<double>();
  REQUIRE(lc::numerical_rank(delta, 1e-3) <= 3);
  REQUIRE(lc::numerical_rank(free_delta, 1e-3) > 3);
  REQUIRE(fit.log.steps == std::vector<int>{0, 1, 2, 3});
}
