// Sweep lists written as rules (range, linspace, logspace, geomspace): expanded while parsing to
// the values themselves, so the resolved pipeline and the fingerprint are those of the explicit
// list; malformed rules name the key and what is wrong.
#include <catch2/catch.hpp>

#include "pipeline/plan/sweep_plan.hpp"
#include "pipelines/pipeline_fixture.hpp"

namespace {

using assay::Pipeline;
using assay::SweepPlan;
using assay::Value;
using assay::test::error_of;
using assay::test::validated;

// uniform_matrix with `rows` (an int) and `high` (a real) swept as written.
std::string swept(const std::string& key, const std::string& list) {
  return "[pipeline]\nname = \"t\"\n[nodes.a]\nmethod = \"uniform_matrix\"\nhigh = 100.0\n"
         "[sweep]\n\"a." +
         key + "\" = " + list + "\n";
}

std::vector<double> reals(const Pipeline& p) {
  std::vector<double> out;
  for (const auto& step : p.axes.at(0).steps) out.push_back(step.at(0).as_real());
  return out;
}

std::vector<std::int64_t> ints(const Pipeline& p) {
  std::vector<std::int64_t> out;
  for (const auto& step : p.axes.at(0).steps) out.push_back(step.at(0).as_int());
  return out;
}

}  // namespace

TEST_CASE("integer ranges stop short of stop, in either direction", "[pipeline][sweep]") {
  CHECK(ints(validated(swept("rows", "{ range = [2, 11, 3] }"))) ==
        std::vector<std::int64_t>{2, 5, 8});
  CHECK(ints(validated(swept("rows", "{ range = [10, 1, -4] }"))) ==
        std::vector<std::int64_t>{10, 6, 2});
  CHECK(ints(validated(swept("rows", "{ range = [1, 2, 1] }"))) == std::vector<std::int64_t>{1});
}

TEST_CASE("real ranges and spaced lists give the values NumPy gives", "[pipeline][sweep]") {
  CHECK(reals(validated(swept("low", "{ range = [0.0, 1.0, 0.25] }"))) ==
        std::vector<double>{0.0, 0.25, 0.5, 0.75});
  CHECK(reals(validated(swept("low", "{ linspace = [0, 1, 5] }"))) ==
        std::vector<double>{0.0, 0.25, 0.5, 0.75, 1.0});
  CHECK(reals(validated(swept("low", "{ linspace = [3.0, 7.0, 1] }"))) == std::vector<double>{3.0});
  const auto log = reals(validated(swept("low", "{ logspace = [-3, 0, 4] }")));
  REQUIRE(log.size() == 4);
  CHECK(log[0] == Approx(1e-3).epsilon(1e-15));
  CHECK(log[1] == Approx(1e-2).epsilon(1e-15));
  CHECK(log[3] == 1.0);
  const auto geometric = reals(validated(swept("low", "{ geomspace = [2.0, 32.0, 5] }")));
  REQUIRE(geometric.size() == 5);
  CHECK(geometric.front() == 2.0);  // the endpoints exactly, the rest within rounding
  CHECK(geometric[2] == Approx(8.0).epsilon(1e-15));
  CHECK(geometric.back() == 32.0);
}

TEST_CASE("a rule and the list it stands for are the same sweep", "[pipeline][sweep]") {
  const auto rule = validated(swept("rows", "{ range = [1, 4, 1] }"));
  const auto list = validated(swept("rows", "[1, 2, 3]"));
  CHECK(SweepPlan(rule).fingerprint() == SweepPlan(list).fingerprint());
  CHECK(SweepPlan(rule).size() == 3);
  // --set takes a rule as well.
  const auto overridden = validated(swept("rows", "[7]"), {"sweep.a.rows={ range = [1, 4, 1] }"});
  CHECK(ints(overridden) == std::vector<std::int64_t>{1, 2, 3});
}

TEST_CASE("malformed rules name the key and what is wrong", "[pipeline][sweep]") {
  const auto error = [](const std::string& key, const std::string& list) {
    return error_of(swept(key, list));
  };
  using Catch::Matchers::Contains;
  CHECK_THAT(error("rows", "{ range = [1, 4, 0] }"),
             Contains("t.toml:7:22: sweep.a.rows.range: step must not be 0"));
  CHECK_THAT(error("rows", "{ range = [4, 1, 1] }"), Contains("gives no values"));
  CHECK_THAT(error("low", "{ linspace = [0, 1] }"), Contains("expected a list of three numbers"));
  CHECK_THAT(error("low", "{ linspace = [0, 1, 0] }"), Contains("n must be an integer from 1"));
  CHECK_THAT(error("low", "{ linspace = [0, \"x\", 3] }"), Contains("b must be a finite number"));
  CHECK_THAT(error("low", "{ geomspace = [0.0, 1.0, 3] }"), Contains("needs a > 0 and b > 0"));
  CHECK_THAT(error("low", "{ linspac = [0, 1, 3] }"),
             Contains("sweep.a.low.linspac: unknown range rule \"linspac\"; did you mean "
                      "\"linspace\"?"));
  CHECK_THAT(error("rows", "{ range = [0, 2000000000, 1] }"), Contains("more than 1000000"));
  CHECK_THAT(error("low", "{ range = [0, 1], step = 1 }"), Contains("one range rule"));
  // Expanded values are validated like written ones: rows is an int from 1 to 1000.
  CHECK_THAT(error("rows", "{ range = [0, 3, 1] }"), Contains("sweep.a.rows"));
}
