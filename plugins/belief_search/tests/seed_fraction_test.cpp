#include "seed_fraction.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "paper_claims.hpp"

namespace bs = assay::belief_search;

namespace {

std::vector<bool> outcomes(int successes, int runs) {
  std::vector<bool> v(static_cast<std::size_t>(runs), false);
  for (int i = 0; i < successes; ++i) v[static_cast<std::size_t>(i)] = true;
  return v;
}

// P(X >= k) for X ~ Binomial(n, p), summed term by term.
double upper_tail(int k, int n, double p) {
  double sum = 0;
  for (int j = k; j <= n; ++j)
    sum += std::exp(std::lgamma(n + 1.0) - std::lgamma(j + 1.0) - std::lgamma(n - j + 1.0) +
                    j * std::log(p) + (n - j) * std::log1p(-p));
  return sum;
}

}  // namespace

TEST_CASE("seed fraction's lower bound is the exact binomial one", "[belief_search]") {
  for (int k : {1, 7, 19, 20, 29}) {
    const auto f = bs::seed_fraction(outcomes(k, 30), 0.95);
    CHECK(f.successes == k);
    CHECK(f.runs == 30);
    // At the bound, k or more successes have probability 1 - confidence.
    CHECK(upper_tail(k, 30, f.lower_bound) == Approx(0.05).epsilon(1e-8));
  }
  // Every run a success: p^n = 1 - confidence at the bound.
  CHECK(bs::seed_fraction(outcomes(30, 30), 0.95).lower_bound ==
        Approx(std::pow(0.05, 1.0 / 30)).epsilon(1e-10));
  CHECK(bs::seed_fraction(outcomes(0, 30), 0.95).lower_bound == 0.0);
}

TEST_CASE("a bare majority of seeds does not make a majority claim", "[belief_search]") {
  // 19 of 30 is what p = 1/2 gives more than 5% of the time: the bound stays below 1/2.
  REQUIRE(upper_tail(19, 30, 0.5) > 0.05);
  CHECK(bs::seed_fraction(outcomes(19, 30), 0.95).lower_bound < 0.5);
  CHECK(bs::seed_fraction(outcomes(16, 30), 0.95).lower_bound < 0.5);
  CHECK(bs::seed_fraction(outcomes(25, 30), 0.95).lower_bound > 0.5);
}

TEST_CASE("the training outcomes are told apart by 4 binomial SE", "[belief_search]") {
  // 2000 evaluation episodes, preview accuracy 0.4: 4 SE of 0.4 is 0.0438.
  bs::PolicyEvaluation e;
  e.accuracy = 0.43;
  CHECK(bs::answers_from_preview(e, 0.4, 2000));
  CHECK_FALSE(bs::keeps_searching(e, 0.4, 2000));
  e.accuracy = 0.46;
  CHECK_FALSE(bs::answers_from_preview(e, 0.4, 2000));
  CHECK(bs::keeps_searching(e, 0.4, 2000));
  e.accuracy = 0.35;
  CHECK_FALSE(bs::answers_from_preview(e, 0.4, 2000));
  CHECK_FALSE(bs::keeps_searching(e, 0.4, 2000));
}

TEST_CASE("an ungated training run answers from the preview", "[belief_search]") {
  bs::TrainingConfig c;
  c.gated = false;
  const auto runs = bs::train_over_seeds(c, 3, 2, 2000);
  REQUIRE(runs.size() == 2);
  for (const auto& e : runs) {
    INFO("accuracy " << e.accuracy << ", skip rate " << e.skip_rate);
    CHECK(bs::answers_from_preview(e, c.env.preview_accuracy, 2000));
    CHECK_FALSE(bs::keeps_searching(e, c.env.preview_accuracy, 2000));
  }
}
