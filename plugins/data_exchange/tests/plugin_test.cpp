#include <assay/eigen.hpp>
#include <catch2/catch.hpp>
#include <random>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {
assay::Value sizes(std::vector<double> m) {
  return assay::ValueCodec<std::vector<double>>::encode(std::move(m));
}
}  // namespace

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

TEST_CASE("core_search writes the logit certificate only where it exists", "[data_exchange]") {
  const at::ValueMap logit{{"sizes", sizes({60, 120, 60})},
                           {"demand", assay::Value(std::string("logit"))},
                           {"grid", assay::Value(std::int64_t{5})}};
  const auto certified = at::run_method("core_search", logit);
  CHECK(certified.count("grid_slack") == 1);
  CHECK(certified.count("certified_margin") == 1);
  at::ValueMap uncertified = logit;
  uncertified["certify"] = false;
  const auto slack_only = at::run_method("core_search", uncertified);
  CHECK(slack_only.count("grid_slack") == 1);
  CHECK(slack_only.count("certified_margin") == 0);
  // Rational demand: payoffs jump, so neither the slack nor the certificate is defined.
  const auto rational = at::run_method("core_search", {{"sizes", sizes({60, 120, 60})}});
  CHECK(rational.count("grid_slack") == 0);
  CHECK(rational.count("certified_margin") == 0);
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

TEST_CASE("learning_curves measures the curve on a data set given on the data port",
          "[data_exchange]") {
  std::mt19937_64 rng(4);
  std::normal_distribution<double> normal;
  Eigen::MatrixXd data(300, 3);
  for (Eigen::Index i = 0; i < data.rows(); ++i) {
    data(i, 0) = normal(rng);
    data(i, 1) = normal(rng);
    data(i, 2) = data(i, 0) + 0.3 * normal(rng) > 0 ? 1.0 : 0.0;
  }
  const auto out = at::run_method(
      "learning_curves",
      {{"sizes", sizes({50, 60, 70})}, {"curve", assay::Value(std::string("measured"))}},
      {{"data", assay::ValueCodec<Eigen::MatrixXd>::encode(data)}});
  const auto grid = assay::ValueCodec<Eigen::VectorXd>::decode(out.at("grid"));
  CHECK(grid[grid.size() - 1] == 210);  // the training pool: 70% of the 300 rows
  const auto acc = assay::ValueCodec<Eigen::MatrixXd>::decode(out.at("accuracy"));
  // All firms draw from the one data set: one shared curve.
  CHECK((acc.row(0) - acc.row(2)).cwiseAbs().maxCoeff() == 0);
  CHECK(acc(0, acc.cols() - 1) > 0.8);
}

TEST_CASE("a core-stable block that exchanges no data is reported and checked as a block",
          "[data_exchange]") {
  // Equal sharing: the best exchange keeps firms 1 and 3 in one block with zero takes (they
  // share market share, not data). Its fractions alone are all zero, which is autarky; the
  // blocks output says what the exchange is, and core_check given both agrees with the search.
  const at::ValueMap market{{"firms", assay::Value(std::int64_t{4})},
                            {"sizes", sizes({40, 90, 60, 120})},
                            {"demand", assay::Value(std::string("logit"))},
                            {"beta", 45.0},
                            {"c", 1.2},
                            {"alpha", 0.3},
                            {"sharing", true},
                            {"grid", assay::Value(std::int64_t{7})}};
  const auto search = at::run_method("core_search", market);
  REQUIRE(search.at("core_stable_found").as_int() == 1);
  const auto blocks = search.at("best_blocks");
  CHECK(blocks == assay::ValueCodec<std::vector<std::int64_t>>::encode({0, 1, 2, 1}));
  const auto fractions = search.at("best_fractions");
  CHECK(assay::to_matrix(fractions.as_real_array()).isZero());

  at::ValueMap given = market;
  given["exchange"] = assay::Value(std::string("fractions"));
  given["fractions"] = fractions;
  const auto labels = assay::ValueCodec<std::vector<std::int64_t>>::decode(blocks);
  given["blocks"] =
      assay::ValueCodec<std::vector<int>>::encode(std::vector<int>(labels.begin(), labels.end()));
  const auto check = at::run_method("core_check", given);
  CHECK(check.at("core_stable").as_int() == 1);
  CHECK(check.at("blocks") == blocks);
  CHECK(check.at("payoffs") == search.at("best_payoffs"));
  // The same fractions without blocks are autarky, which {0, 1, 2} blocks.
  given.erase("blocks");
  const auto autarky = at::run_method("core_check", given);
  CHECK(autarky.at("core_stable").as_int() == 0);
  CHECK(autarky.at("blocks") == assay::ValueCodec<std::vector<std::int64_t>>::encode({0, 1, 2, 3}));
  CHECK(at::run_method("core_check", {{"sizes", sizes({50, 50, 50})},
                                      {"exchange", assay::Value(std::string("full_pooling"))}})
            .at("blocks") == assay::ValueCodec<std::vector<std::int64_t>>::encode({0, 0, 0}));
}
