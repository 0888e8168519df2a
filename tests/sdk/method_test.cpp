#include "assay/method.hpp"

#include <catch2/catch.hpp>

#include "assay/eigen.hpp"
#include "assay/error.hpp"
#include "assay/host.hpp"

using namespace assay;

namespace {
CheckResult always_one(const CheckContext&) { return expect_near(1.0, 1.0, 0.1); }
}  // namespace

TEST_CASE("the method builder records params, ports and claims", "[sdk]") {
  const MethodInfo info = method("m", "summary")
                              .cite("Someone et al. 2026")
                              .param<int>("rows", 3, "rows", range(1, 10))
                              .choice("mode", "a", {"a", "b"}, "mode")
                              .required<Eigen::MatrixXd>("kernel", "a kernel")
                              .optional<double>("scale", "unset: none")
                              .input<Eigen::MatrixXd>("x", "input")
                              .output<double>("y", "output")
                              .optional_output<double>("z", "sometimes")
                              .claim({"c", "claim", always_one});
  REQUIRE(find_param(info, "rows"));
  CHECK(find_param(info, "rows")->type == ParamType::integer);
  CHECK(find_param(info, "mode")->type == ParamType::choice);
  CHECK(find_param(info, "kernel")->required());
  CHECK(find_param(info, "scale")->optional);
  CHECK_FALSE(find_param(info, "scale")->required());
  CHECK(find_input(info, "x")->kind == Kind::real_array);
  CHECK(find_output(info, "y")->kind == Kind::real);
  CHECK(find_output(info, "z")->optional);
  CHECK(info.claims.at(0).measure(CheckContext{}).passed);
  CHECK(info.claims.at(0).outcome.reproduces);
  CHECK(info.paper == "Someone et al. 2026");
}

TEST_CASE("the method builder refuses a default outside its own range", "[sdk]") {
  CHECK_THROWS_WITH(method("m", "").param<int>("rows", 0, "rows", range(1, 10)),
                    Catch::Contains("default of param 'rows'"));
  CHECK_THROWS_AS(method("m", "").param<int>("a", 1, "").param<int>("a", 1, ""), Error);
  CHECK_THROWS_WITH(method("m", "").param<std::vector<int>>("n", {2, 0}, "", at_least(1)),
                    Catch::Contains("default of param 'n'[1]"));
}

TEST_CASE("a claim declared not to reproduce must say why and where", "[sdk]") {
  CHECK_THROWS_WITH(method("m", "").claim({"c", "s", always_one, does_not_reproduce("", "")}),
                    Catch::Contains("without a reason"));
  CHECK_THROWS_WITH(method("m", "").claim({"c", "s", nullptr}),
                    Catch::Contains("measures nothing"));
  const auto info =
      method("m", "").claim({"c", "s", always_one, does_not_reproduce("too small", "README.md#c")});
  CHECK_FALSE(info.claims.at(0).outcome.reproduces);
  CHECK_THROWS_AS(method("m", "").claim({"c", "s", always_one}).claim({"c", "t", always_one}),
                  Error);
}

TEST_CASE("checks fail on NaN and on the wrong side of a bound", "[sdk]") {
  CHECK_FALSE(expect_near(std::nan(""), 0, 1).passed);
  CHECK_FALSE(expect_at_most(2, 1).passed);
  CHECK(expect_at_least(2, 1).passed);
  CHECK_FALSE(expect_near(1.2, 1.0, 0.1).passed);
}

TEST_CASE("a figure names declared params, outputs and input ports", "[sdk]") {
  auto info = method("m", "summary")
                  .param<int>("rows", 3, "rows")
                  .input<Eigen::MatrixXd>("data", "data")
                  .output<double>("loss", "loss")
                  .output<Eigen::MatrixXd>("weights", "weights");
  info.figure(line("loss", "rows").by("data.seed").per("replicate"));
  info.figure(heatmap("loss", "rows", "data.width").titled("grid"));
  REQUIRE(info.figures.size() == 2);
  CHECK(info.figures[0].columns() ==
        std::vector<std::string>{"loss", "rows", "data.seed", "replicate"});
  CHECK(info.figures[1].row == "data.width");

  CHECK_THROWS_WITH(info.figure(line("weights", "rows")),
                    Catch::Contains("figure 3") && Catch::Contains("numeric scalar output"));
  CHECK_THROWS_WITH(info.figure(line("loss", "cols")),
                    Catch::Contains("'cols' is neither a param nor an output"));
  CHECK_THROWS_WITH(info.figure(line("loss", "labels.seed")),
                    Catch::Contains("'labels.seed' is not PORT.param"));
  CHECK_THROWS_WITH(info.figure(line("loss", "data.")), Catch::Contains("PORT.param"));
  CHECK_THROWS_WITH(info.figure(line("loss", "")), Catch::Contains("needs a column on x"));
  CHECK_THROWS_WITH(info.figure(heatmap("loss", "rows", "")),
                    Catch::Contains("needs a column on row"));
  CHECK_THROWS_WITH(info.figure(bar("loss").errors("ci")),
                    Catch::Contains("'ci' are not one of se, sd, none"));
  CHECK_THROWS_WITH(info.figure(Figure{"pie", "loss"}.titled("shares")),
                    Catch::Contains("('shares')") && Catch::Contains("kind 'pie'"));
  CHECK(info.figures.size() == 2);
}
