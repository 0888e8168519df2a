#include "assay/param.hpp"

#include <catch2/catch.hpp>

#include "assay/host.hpp"

using namespace assay;

TEST_CASE("param checks canonicalise integers given for reals", "[sdk]") {
  ParamSpec spec{"low", ParamType::real, Value(0.0), range(-1, 1), ""};
  auto checked = check_param_value(spec, Value(1));
  REQUIRE(checked.value);
  CHECK(checked.value->kind() == Kind::real);
}

TEST_CASE("param checks explain range, type and choice errors", "[sdk]") {
  ParamSpec rows{"rows", ParamType::integer, Value(3), range(1, 10), ""};
  CHECK(check_param_value(rows, Value(11)).error == "expected int in [1, 10], got 11");
  CHECK(check_param_value(rows, Value(2.5)).error == "expected int in [1, 10], got 2.5");
  ParamSpec mode{"mode", ParamType::choice, Value("ok"), one_of({"ok", "throw"}), ""};
  CHECK(check_param_value(mode, Value("sleep")).error == "expected one of ok|throw, got \"sleep\"");
  CHECK(check_param_value(mode, Value("throw")).value);
}

TEST_CASE("matrix params accept integer nested lists and refuse the wrong rank", "[sdk]") {
  ParamSpec kernel{"kernel", ParamType::real_matrix, Value(), {}, ""};
  auto checked = check_param_value(kernel, Value(IntArray{{2, 2}, {1, 0, 0, 1}}));
  REQUIRE(checked.value);
  CHECK(checked.value->as_real_array().data == std::vector<double>{1, 0, 0, 1});
  CHECK_FALSE(check_param_value(kernel, Value(RealArray{{3}, {1, 2, 3}})).value);
  CHECK(kernel.required());
}

TEST_CASE("vector params are checked element by element, naming the element", "[sdk]") {
  ParamSpec lengths{"lengths", ParamType::int_vector, Value(), range(1, 1000000), ""};
  const auto bad = check_param_value(lengths, Value(IntArray{{3}, {5, 7, 0}}));
  CHECK_FALSE(bad.value);
  CHECK(bad.element == "[2]");
  CHECK(bad.error == "expected int in [1, 1000000], got 0");
  CHECK(check_param_value(lengths, Value(IntArray{{2}, {1, 1000000}})).value);
  // Reals are not silently truncated into an integer vector.
  CHECK_FALSE(check_param_value(lengths, Value(RealArray{{1}, {0.5}})).value);

  ParamSpec weights{"weights", ParamType::real_vector, Value(), range(0, 1), ""};
  const auto high = check_param_value(weights, Value(RealArray{{2}, {0.5, 1.5}}));
  CHECK(high.element == "[1]");
  CHECK(high.error == "expected real in [0, 1], got 1.5");
  ParamSpec grid{"grid", ParamType::real_matrix, Value(), at_least(0), ""};
  CHECK(check_param_value(grid, Value(RealArray{{2, 2}, {0, 1, -1, 2}})).element == "[1][0]");
}

TEST_CASE("optional params are neither required nor defaulted", "[sdk]") {
  ParamSpec scale{"scale", ParamType::real, Value(), {}, "", true};
  CHECK_FALSE(scale.required());
  CHECK(describe_type(ParamSpec{"p", ParamType::path, Value(), {}, ""}) ==
        "a path to an existing file");
  CHECK(describe_type(ParamSpec{"n", ParamType::int_vector, Value(), at_least(1), ""}) ==
        "an int vector (list of integers, each >= 1)");
}
