#include "assay/method.hpp"

#include <catch2/catch.hpp>

#include "assay/eigen.hpp"
#include "assay/error.hpp"

using namespace assay;

TEST_CASE("the method builder records params, ports and checks", "[sdk]") {
  const MethodInfo info =
      method("m", "summary")
          .cite("Someone et al. 2026")
          .param<int>("rows", 3, "rows", range(1, 10))
          .choice("mode", "a", {"a", "b"}, "mode")
          .required<Eigen::MatrixXd>("kernel", "a kernel")
          .input<Eigen::MatrixXd>("x", "input")
          .output<double>("y", "output")
          .check("c", "claim", [](const CheckContext&) { return expect_near(1.0, 1.0, 0.1); });
  REQUIRE(info.find_param("rows"));
  CHECK(info.find_param("rows")->type == ParamType::integer);
  CHECK(info.find_param("mode")->type == ParamType::choice);
  CHECK(info.find_param("kernel")->required());
  CHECK(info.find_input("x")->kind == Kind::real_array);
  CHECK(info.find_output("y")->kind == Kind::real);
  CHECK(info.checks.at(0).run(CheckContext{}).passed);
  CHECK(info.paper == "Someone et al. 2026");
}

TEST_CASE("the method builder refuses a default outside its own range", "[sdk]") {
  CHECK_THROWS_WITH(method("m", "").param<int>("rows", 0, "rows", range(1, 10)),
                    Catch::Contains("default of param 'rows'"));
  CHECK_THROWS_AS(method("m", "").param<int>("a", 1, "").param<int>("a", 1, ""), Error);
}

TEST_CASE("checks fail on NaN and on the wrong side of a bound", "[sdk]") {
  CHECK_FALSE(expect_near(std::nan(""), 0, 1).passed);
  CHECK_FALSE(expect_at_most(2, 1).passed);
  CHECK(expect_at_least(2, 1).passed);
  CHECK_FALSE(expect_near(1.2, 1.0, 0.1).passed);
}
