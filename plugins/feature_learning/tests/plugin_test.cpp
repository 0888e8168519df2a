#include <assay/eigen.hpp>
#include <catch2/catch.hpp>
#include <random>

#include "labelled_data.hpp"
#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {
// A data set as the x and y inputs of feature_dynamics and feq_identity. Drawn by the stdlib
// science directly, so these tests need only this plugin.
at::ValueMap as_inputs(const assay::stdlib::LabelledData& d) {
  return {{"x", assay::ValueCodec<Eigen::MatrixXd>::encode(d.x)},
          {"y", assay::ValueCodec<std::vector<int>>::encode(d.y)}};
}
at::ValueMap clusters(int dim, double noise) {
  std::mt19937_64 rng(1);
  return as_inputs(assay::stdlib::gaussian_clusters(90, dim, 3, noise, rng));
}
assay::Value widths(const std::vector<int>& w) {
  return assay::ValueCodec<std::vector<int>>::encode(w);
}
}  // namespace

TEST_CASE("gaussian clusters feed feature_dynamics end to end", "[feature_learning]") {
  const auto out = at::run_method(
      "feature_dynamics", {{"depth", 2}, {"width", 8}, {"epochs", 61}, {"log_interval", 20}},
      clusters(4, 0.2));
  REQUIRE(out.at("feq_error").as_real_array().shape == std::vector<std::size_t>{3, 4});
  REQUIRE(out.at("history").as_table().rows() == 4);
  // Three clusters at noise 0.2 (chance 1/3): a trained 2-layer MLP classifies nearly all.
  REQUIRE(out.at("final_accuracy").as_real() > 0.9);
  // SGD's Gram change is the Virtual Covariance up to O(lr).
  REQUIRE(out.at("median_feq_error").as_real() < 0.5);
}

TEST_CASE("feq_identity reports a slope near one for every layer", "[feature_learning]") {
  std::mt19937_64 rng(1);
  const auto out = at::run_method("feq_identity", {{"depth", 2}, {"width", 8}, {"epochs", 10}},
                                  as_inputs(assay::stdlib::spirals(60, 2, 3, 0.05, rng)));
  REQUIRE(out.at("min_slope").as_real() > 0.8);
  REQUIRE(out.at("max_slope").as_real() < 1.2);
}

TEST_CASE("feature_dynamics trains with the gram_whitened optimiser", "[feature_learning]") {
  const auto out = at::run_method("feature_dynamics",
                                  {{"depth", 2},
                                   {"width", 8},
                                   {"epochs", 101},
                                   {"log_interval", 50},
                                   {"optimiser", std::string("gram_whitened")}},
                                  clusters(4, 0.2));
  // Three well-separated clusters (chance 1/3): the Gram-only step still learns them.
  REQUIRE(out.at("final_accuracy").as_real() > 0.9);
  // Only the Gram change is kept, which is what the FEQ compares: the error stays O(lr).
  REQUIRE(out.at("median_feq_error").as_real() < 0.5);
}

TEST_CASE("feature_dynamics builds hidden layers of the listed widths", "[feature_learning]") {
  const auto data = clusters(8, 0.5);
  const auto run = [&](const std::vector<int>& listed) {
    return at::run_method(
               "feature_dynamics",
               {{"depth", 2}, {"widths", widths(listed)}, {"epochs", 21}, {"log_interval", 20}},
               data)
        .at("effective_rank")
        .as_real_array();
  };
  // Row 1 reads the first hidden layer: 2 units bound its effective rank by 2, while 16 units
  // over 8-dimensional inputs give more.
  const auto narrow = run({2, 16});
  const auto wide = run({16, 16});
  const std::size_t steps = narrow.shape[1];
  for (std::size_t t = 0; t < steps; ++t) REQUIRE(narrow.data[steps + t] <= 2 + 1e-9);
  REQUIRE(wide.data[steps] > 2.5);
  REQUIRE_THROWS_WITH(run({16}), Catch::Contains("widths: 1 entries but depth 2"));
}

TEST_CASE("widths are integers in [1, 4096], element by element", "[feature_learning]") {
  const auto data = clusters(4, 0.2);
  const auto run = [&](const assay::Value& listed) {
    return at::run_method("feature_dynamics", {{"depth", 2}, {"widths", listed}, {"epochs", 1}},
                          data);
  };
  REQUIRE_THROWS_WITH(run(widths({8, 0})),
                      Catch::Contains("widths[1]: expected int in [1, 4096], got 0"));
  REQUIRE_THROWS_WITH(run(assay::ValueCodec<std::vector<double>>::encode({8, 2.5})),
                      Catch::Contains("widths"));
}
