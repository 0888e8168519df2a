#include <catch2/catch.hpp>
#include <cmath>

#include "support/claims.hpp"
#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

TEST_CASE("belief_controller runs end to end and stops calibrated", "[belief_search]") {
  const auto out =
      at::run_method("belief_controller", {{"episodes", 800}, {"stop_threshold", 0.8}});
  const double acc = out.at("accuracy").as_real();
  const double se = out.at("accuracy_se").as_real();
  CHECK(acc + 3 * se >= 0.8);
  CHECK(out.at("mean_frames").as_real() > 0);
  CHECK(out.at("episodes").as_table().rows() == 800);
  CHECK(out.at("traces").as_table().rows() > 0);
}

TEST_CASE("preview_only uses no frames and answers at preview accuracy", "[belief_search]") {
  const auto out = at::run_method(
      "belief_controller",
      {{"controller", std::string("preview_only")}, {"episodes", 2000}, {"preview_accuracy", 0.3}});
  CHECK(out.at("mean_frames").as_real() == 0.0);
  CHECK(std::abs(out.at("accuracy").as_real() - 0.3) < 4 * std::sqrt(0.3 * 0.7 / 2000));
}

TEST_CASE("video_search_env priors are distributions", "[belief_search]") {
  const auto out = at::run_method("video_search_env", {{"episodes", 50}, {"segments", 8}});
  const auto& priors = out.at("priors").as_real_array();
  REQUIRE(priors.shape.size() == 2);
  CHECK(priors.shape[1] == 8);
  CHECK(out.at("prior_top1_accuracy").as_real() > 0);
}

TEST_CASE("belief_controller checks pass", "[belief_search][verify]") {
  for (const char* check : {"bayes_update_equals_enumeration", "calibrated_at_threshold",
                            "exact_value_matches_simulation", "information_gain_vs_optimal"}) {
    at::check_claim("belief_controller", check);
  }
}

TEST_CASE("video_search_env reports the graded detector's AUC", "[belief_search]") {
  const auto binary = at::run_method("video_search_env", {{"episodes", 10}});
  CHECK(binary.at("detector_auc").as_real() == Approx((1 + 0.8 - 0.1) / 2));
  const auto graded =
      at::run_method("video_search_env", {{"episodes", 10}, {"graded_confidence", true}});
  // Phi(d / sqrt 2), d = Phi^-1(0.8) - Phi^-1(0.1) = 2.1231727991.
  CHECK(graded.at("detector_auc").as_real() == Approx(0.9333623).margin(1e-6));
}

TEST_CASE("belief_controller with graded spans answers calibrated", "[belief_search]") {
  const auto out = at::run_method("belief_controller", {{"episodes", 1000},
                                                        {"answer_span", 3},
                                                        {"graded_confidence", true},
                                                        {"stop_threshold", 0.8}});
  const double acc = out.at("confident_accuracy").as_real();
  const double rate = out.at("confident_stop_rate").as_real();
  CHECK(rate > 0.9);
  CHECK(acc + 3 * std::sqrt(acc * (1 - acc) / (rate * 1000)) >= 0.8);
}

TEST_CASE("search_policy_training learns to search with graded spans", "[belief_search]") {
  const auto out = at::run_method(
      "search_policy_training",
      {{"episodes", 1000}, {"answer_span", 3}, {"graded_confidence", true}, {"reward", "gated"}});
  const double acc = out.at("accuracy").as_real();
  // Above the preview's 0.4 by 4 binomial SE, with frames actually taken.
  CHECK(acc - 4 * std::sqrt(acc * (1 - acc) / 1000) > 0.4);
  CHECK(out.at("skip_rate").as_real() < 0.1);
  CHECK(out.at("mean_frames").as_real() >= 1);
}
