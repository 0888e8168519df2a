// Random sweep lists (uniform, log-uniform, choice): drawn from the pipeline seed after --set,
// the same for the same seed and key, growing rather than redrawn with more samples, recorded
// as values in the resolved pipeline; their law checked with tolerances from the binomial and
// uniform variances; malformed rules name the key.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <set>

#include "pipeline/plan/sweep_plan.hpp"
#include "pipeline/toml/toml_text.hpp"
#include "pipelines/pipeline_fixture.hpp"

namespace {

using assay::Pipeline;
using assay::SweepPlan;
using assay::test::error_of;
using assay::test::validated;

std::string swept(const std::string& list, const std::string& more = "") {
  return "[pipeline]\nname = \"t\"\n[nodes.a]\nmethod = \"uniform_matrix\"\nhigh = 1e9\n"
         "[sweep]\n\"a.low\" = " +
         list + "\n" + more;
}

std::vector<double> reals(const Pipeline& p, std::size_t k = 0) {
  std::vector<double> out;
  for (const auto& step : p.axes.at(0).steps) out.push_back(step.at(k).as_real());
  return out;
}

}  // namespace

TEST_CASE("uniform draws are reproducible, seeded and grow with samples", "[pipeline][sweep]") {
  const auto three = reals(validated(swept("{ uniform = [2.0, 3.0], samples = 3 }")));
  const auto again = reals(validated(swept("{ uniform = [2.0, 3.0], samples = 3 }")));
  const auto five = reals(validated(swept("{ uniform = [2.0, 3.0], samples = 5 }")));
  const auto reseeded =
      reals(validated(swept("{ uniform = [2.0, 3.0], samples = 3 }"), {"pipeline.seed=2"}));
  REQUIRE(three.size() == 3);
  CHECK(three == again);
  CHECK(std::equal(three.begin(), three.end(), five.begin()));
  CHECK(reseeded != three);
  for (const double x : five) CHECK((x >= 2.0 && x < 3.0));
}

TEST_CASE("uniform and log-uniform draws have the law they name", "[pipeline][sweep]") {
  // 2000 draws: the mean of U[0, 1) has SE sqrt(1/12/2000) = 0.0065; a fraction of 1/2 has SE
  // 0.011. Four SEs each.
  const auto flat = reals(validated(swept("{ uniform = [0.0, 1.0], samples = 2000 }")));
  double mean = 0;
  for (const double x : flat) mean += x / flat.size();
  CHECK(std::abs(mean - 0.5) < 4 * std::sqrt(1.0 / 12 / 2000));
  const auto log = reals(validated(swept("{ uniform = [1e-4, 1.0], samples = 2000, log = true }")));
  const auto below = std::count_if(log.begin(), log.end(), [](double x) { return x < 1e-2; });
  CHECK(std::abs(static_cast<double>(below) / 2000 - 0.5) < 4 * std::sqrt(0.25 / 2000));
  CHECK(*std::min_element(log.begin(), log.end()) >= 1e-4);
  CHECK(*std::max_element(log.begin(), log.end()) < 1.0);
}

TEST_CASE("choice draws distinct elements, all of them when samples is their number",
          "[pipeline][sweep]") {
  const auto some = reals(validated(swept("{ choice = [0.1, 0.2, 0.3, 0.4, 0.5], samples = 3 }")));
  const auto all = reals(validated(swept("{ choice = [0.1, 0.2, 0.3, 0.4, 0.5], samples = 5 }")));
  CHECK(std::set<double>(some.begin(), some.end()).size() == 3);
  CHECK(std::equal(some.begin(), some.end(), all.begin()));
  CHECK(std::set<double>(all.begin(), all.end()) == std::set<double>{0.1, 0.2, 0.3, 0.4, 0.5});
}

TEST_CASE("zipped random lists are joint configurations recorded as values", "[pipeline][sweep]") {
  const auto p = validated(swept("{ uniform = [0.0, 1.0], samples = 4 }",
                                 "\"a.rows\" = { choice = [1, 2, 3, 4, 5, 6], samples = 4 }\n"
                                 "zip = [[\"a.low\", \"a.rows\"]]\n"));
  REQUIRE(p.axes.size() == 1);
  CHECK(SweepPlan(p).size() == 4);
  // The two keys are drawn from streams of their own.
  std::string listed = "[";
  for (std::size_t i = 0; i < 4; ++i)
    listed += (i ? ", " : "") + assay::toml_text(p.axes[0].steps[i][0]);
  const auto explicit_list = validated(swept(
      listed + "]",
      "\"a.rows\" = [" + assay::toml_text(p.axes[0].steps[0][1]) + ", " +
          assay::toml_text(p.axes[0].steps[1][1]) + ", " + assay::toml_text(p.axes[0].steps[2][1]) +
          ", " + assay::toml_text(p.axes[0].steps[3][1]) + "]\nzip = [[\"a.low\", \"a.rows\"]]\n"));
  CHECK(SweepPlan(p).fingerprint() == SweepPlan(explicit_list).fingerprint());
}

TEST_CASE("malformed random lists name the key and what is wrong", "[pipeline][sweep]") {
  using Catch::Matchers::Contains;
  CHECK_THAT(error_of(swept("{ uniform = [0.0, 1.0] }")), Contains("needs samples = N"));
  CHECK_THAT(error_of(swept("{ uniform = [1.0, 1.0], samples = 2 }")),
             Contains("sweep.a.low: low must be below high"));
  CHECK_THAT(error_of(swept("{ uniform = [0.0, 1.0], samples = 2, log = true }")),
             Contains("a log scale needs low > 0"));
  CHECK_THAT(error_of(swept("{ uniform = [0.0, 1.0], samples = 0 }")),
             Contains("samples must be an integer from 1"));
  CHECK_THAT(error_of(swept("{ choice = [1.0, 2.0], samples = 3 }")),
             Contains("3 samples of 2 choices"));
  CHECK_THAT(error_of(swept("{ choice = [1.0], uniform = [0.0, 1.0], samples = 1 }")),
             Contains("not both"));
  CHECK_THAT(error_of(swept("{ uniform = [0.0, 1.0], samples = 2, seed = 3 }")),
             Contains("unknown key \"seed\" in a random list"));
  // Drawn values are validated like written ones: rows takes integers from 1 to 1000.
  CHECK_THAT(error_of(swept("[0.0]", "\"a.rows\" = { uniform = [1.0, 9.0], samples = 2 }\n")),
             Contains("sweep.a.rows"));
}
