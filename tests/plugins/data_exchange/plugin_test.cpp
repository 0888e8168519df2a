#include <catch2/catch.hpp>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {
assay::Value sizes(std::vector<double> m) {
  return assay::ValueCodec<std::vector<double>>::encode(std::move(m));
}

void require_check(const std::string& method, const std::string& check) {
  const auto result = at::run_check(method, check, 7);
  INFO(method << "/" << check << ": measured " << result.measured << " " << result.relation
              << " expected " << result.expected << " (" << result.detail << ")");
  REQUIRE(result.passed);
}
}  // namespace

TEST_CASE("data_exchange checks pass", "[data_exchange][verify]") {
  for (const char* check :
       {"rational_core_exists", "logit_eps_core_empty", "equal_sharing_restores_core"})
    require_check("core_search", check);
  require_check("exchange_dynamics", "dynamic_converges_rational");
}

TEST_CASE("core_check finds the pairs blocking full pooling of three equal firms",
          "[data_exchange]") {
  const auto out = at::run_method(
      "core_check",
      {{"sizes", sizes({50, 50, 50})}, {"exchange", assay::Value(std::string("full_pooling"))}});
  CHECK(out.at("blocking_count").as_int() == 3);
  CHECK(out.at("core_stable").as_int() == 0);
  CHECK(out.at("max_margin").as_real() == Approx(0.5 - 1.0 / 3));
}

TEST_CASE("core_search on the logit instance reports a positive min-max margin",
          "[data_exchange]") {
  const auto out = at::run_method("core_search", {{"sizes", sizes({60, 120, 60})},
                                                  {"demand", assay::Value(std::string("logit"))},
                                                  {"grid", assay::Value(std::int64_t{5})}});
  CHECK(out.at("core_stable_found").as_int() == 0);
  CHECK(out.at("min_max_margin").as_real() > 0.05);
}

TEST_CASE("exchange_dynamics leaves full pooling of three equal firms for a stable pair",
          "[data_exchange]") {
  const auto out = at::run_method(
      "exchange_dynamics",
      {{"sizes", sizes({50, 50, 50})}, {"start", assay::Value(std::string("full_pooling"))}});
  CHECK(out.at("converged").as_int() == 1);
  CHECK(out.at("steps").as_int() == 1);
  CHECK(out.at("trace").as_table().rows() == 1);
}

TEST_CASE("learning_curves measures one curve per firm on a common grid", "[data_exchange]") {
  const auto out = at::run_method(
      "learning_curves",
      {{"sizes", sizes({100, 200, 300})}, {"curve", assay::Value(std::string("measured"))}});
  const auto& acc = out.at("accuracy").as_real_array();
  REQUIRE(acc.shape.size() == 2);
  CHECK(acc.shape[0] == 3);
  CHECK(out.at("mean_pooling_gain").as_real() > 0);
}
