#include "assay/param.hpp"

#include <catch2/catch.hpp>

using namespace assay;

TEST_CASE("param checks canonicalise integers given for reals", "[sdk]") {
  ParamSpec spec{"low", ParamType::real, Value(0.0), range(-1, 1), ""};
  auto checked = spec.check(Value(1));
  REQUIRE(checked.value);
  CHECK(checked.value->kind() == Kind::real);
}

TEST_CASE("param checks explain range, type and choice errors", "[sdk]") {
  ParamSpec rows{"rows", ParamType::integer, Value(3), range(1, 10), ""};
  CHECK(rows.check(Value(11)).error == "expected int in [1, 10], got 11");
  CHECK(rows.check(Value(2.5)).error == "expected int in [1, 10], got 2.5");
  ParamSpec mode{"mode", ParamType::choice, Value("ok"), one_of({"ok", "throw"}), ""};
  CHECK(mode.check(Value("sleep")).error == "expected one of ok|throw, got \"sleep\"");
  CHECK(mode.check(Value("throw")).value);
}

TEST_CASE("matrix params accept integer nested lists and refuse the wrong rank", "[sdk]") {
  ParamSpec kernel{"kernel", ParamType::real_matrix, Value(), {}, ""};
  auto checked = kernel.check(Value(IntArray{{2, 2}, {1, 0, 0, 1}}));
  REQUIRE(checked.value);
  CHECK(checked.value->as_real_array().data == std::vector<double>{1, 0, 0, 1});
  CHECK_FALSE(kernel.check(Value(RealArray{{3}, {1, 2, 3}})).value);
  CHECK(kernel.required());
}
