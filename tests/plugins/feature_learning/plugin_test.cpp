#include <catch2/catch.hpp>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

TEST_CASE("gaussian_clusters feeds feature_dynamics end to end", "[feature_learning]") {
  const auto data =
      at::run_method("gaussian_clusters", {{"n", 90}, {"dim", 4}, {"classes", 3}, {"noise", 0.2}});
  const auto out = at::run_method(
      "feature_dynamics", {{"depth", 2}, {"width", 8}, {"epochs", 61}, {"log_interval", 20}},
      {{"x", data.at("x")}, {"y", data.at("y")}});
  REQUIRE(out.at("feq_error").as_real_array().shape == std::vector<std::size_t>{3, 4});
  REQUIRE(out.at("history").as_table().rows() == 4);
  // Three clusters at noise 0.2 (chance 1/3): a trained 2-layer MLP classifies nearly all.
  REQUIRE(out.at("final_accuracy").as_real() > 0.9);
  // SGD's Gram change is the Virtual Covariance up to O(lr).
  REQUIRE(out.at("median_feq_error").as_real() < 0.5);
}

TEST_CASE("feq_identity reports a slope near one for every layer", "[feature_learning]") {
  const auto data = at::run_method("spirals", {{"n", 60}});
  const auto out = at::run_method("feq_identity", {{"depth", 2}, {"width", 8}, {"epochs", 10}},
                                  {{"x", data.at("x")}, {"y", data.at("y")}});
  REQUIRE(out.at("min_slope").as_real() > 0.8);
  REQUIRE(out.at("max_slope").as_real() < 1.2);
}

TEST_CASE("feature_learning identity and depth checks pass", "[feature_learning][verify]") {
  for (const char* check : {"error_is_order_eta"}) {
    const auto r = at::run_check("feq_identity", check, 1);
    INFO(check << ": measured " << r.measured << " " << r.relation << " " << r.expected);
    REQUIRE(r.passed);
  }
  for (const char* check : {"tl_rises_with_depth", "tl_approaches_one_when_fit"}) {
    const auto r = at::run_check("feature_dynamics", check, 1);
    INFO(check << ": measured " << r.measured << " " << r.relation << " " << r.expected);
    REQUIRE(r.passed);
  }
}

TEST_CASE("feature_dynamics trains with the gram_whitened optimiser", "[feature_learning]") {
  const auto data =
      at::run_method("gaussian_clusters", {{"n", 90}, {"dim", 4}, {"classes", 3}, {"noise", 0.2}});
  const auto out = at::run_method("feature_dynamics",
                                  {{"depth", 2},
                                   {"width", 8},
                                   {"epochs", 101},
                                   {"log_interval", 50},
                                   {"optimiser", std::string("gram_whitened")}},
                                  {{"x", data.at("x")}, {"y", data.at("y")}});
  // Three well-separated clusters (chance 1/3): the Gram-only step still learns them.
  REQUIRE(out.at("final_accuracy").as_real() > 0.9);
  // Only the Gram change is kept, which is what the FEQ compares: the error stays O(lr).
  REQUIRE(out.at("median_feq_error").as_real() < 0.5);
}

TEST_CASE("feature_dynamics builds hidden layers of the listed widths", "[feature_learning]") {
  const auto data =
      at::run_method("gaussian_clusters", {{"n", 90}, {"dim", 8}, {"classes", 3}, {"noise", 0.5}});
  const auto run = [&](std::vector<double> widths) {
    const assay::RealArray listed{{widths.size()}, widths};
    return at::run_method("feature_dynamics",
                          {{"depth", 2}, {"widths", listed}, {"epochs", 21}, {"log_interval", 20}},
                          {{"x", data.at("x")}, {"y", data.at("y")}})
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
