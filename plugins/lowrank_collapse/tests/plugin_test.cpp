#include <catch2/catch.hpp>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {
at::ValueMap mixture(int n_train) {
  return at::run_method("gaussian_mixtures",
                        {{"modes", 4}, {"separation", 4.0}, {"n_train", n_train}});
}
at::ValueMap target_of(const at::ValueMap& m) {
  return {{"means", m.at("means")}, {"weights", m.at("weights")}, {"sd", m.at("sd")}};
}
}  // namespace

TEST_CASE("gaussian_mixtures feeds flow_matching_train end to end", "[lowrank_collapse]") {
  const auto m = mixture(500);
  auto inputs = target_of(m);
  inputs["train"] = m.at("train");
  const auto out = at::run_method("flow_matching_train",
                                  {{"width", 32},
                                   {"steps", 300},
                                   {"log_interval", 100},
                                   {"samples", 400},
                                   {"log_samples", 100},
                                   {"solver", std::string("dopri5")},
                                   {"tolerance", 1e-4}},
                                  inputs);
  // 3 layers x 4 logged steps (0, 100, 200, 300).
  REQUIRE(out.at("update_stable_rank").as_real_array().shape == std::vector<std::size_t>{3, 4});
  REQUIRE(out.at("history").as_table().rows() == 4);
  REQUIRE(out.at("samples").as_real_array().shape == std::vector<std::size_t>{400, 2});
  // The update starts at zero (rank 0) and is a nonzero matrix after training.
  REQUIRE(out.at("final_update_stable_rank").as_real() >= 1);
  REQUIRE(out.at("sampler_evaluations").as_int() > 6);
  REQUIRE(out.at("modes_covered").as_int() >= 0);
  REQUIRE(out.at("modes_covered").as_int() <= 4);
}

TEST_CASE("vi_train runs both families and reports a KL estimate", "[lowrank_collapse]") {
  const auto m = mixture(10);
  for (const char* family : {"coupling_flow", "gaussian"}) {
    const auto out = at::run_method("vi_train",
                                    {{"family", std::string(family)},
                                     {"layers", 2},
                                     {"width", 16},
                                     {"steps", 100},
                                     {"log_interval", 50},
                                     {"samples", 500}},
                                    target_of(m));
    INFO(family);
    // KL(q || p) >= 0; a Monte Carlo estimate may dip below by its sampling error.
    REQUIRE(out.at("kl").as_real() > -4 * out.at("kl_se").as_real());
    REQUIRE(out.at("history").as_table().rows() == 3);
  }
}

TEST_CASE("rank_intervention reports one row per k", "[lowrank_collapse]") {
  const auto m = mixture(300);
  auto inputs = target_of(m);
  inputs["train"] = m.at("train");
  const assay::IntArray ranks{{3}, {1, 4, 0}};
  const auto out = at::run_method(
      "rank_intervention",
      {{"ranks", ranks}, {"width", 16}, {"steps", 100}, {"samples", 200}, {"rk4_steps", 10}},
      inputs);
  REQUIRE(out.at("curve").as_table().rows() == 3);
  const double trend = out.at("coverage_trend").as_real();
  REQUIRE(trend >= -1);
  REQUIRE(trend <= 1);
  REQUIRE_THROWS_WITH(at::run_method("rank_intervention", {{"steps", 10}}, target_of(m)),
                      Catch::Contains("train: task flow_matching needs training points"));
}
