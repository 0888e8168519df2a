#include "belief.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

namespace bs = assay::belief_search;

TEST_CASE("sequential Bayes update equals enumeration over hypotheses", "[belief_search]") {
  std::mt19937_64 rng(11);
  Eigen::VectorXd prior(5);
  prior << 0.4, 0.1, 0.2, 0.25, 0.05;
  const bs::SensorModel model{0.7, 0.15};
  std::vector<bs::Look> history;
  Eigen::VectorXd belief = prior;
  for (int t = 0; t < 30; ++t) {
    const bs::Look look{static_cast<int>(rng() % 5), (rng() & 1) == 1};
    history.push_back(look);
    belief = bs::bayes_update(belief, model, look.segment, look.detected);
    const Eigen::VectorXd exact = bs::posterior_by_enumeration(prior, model, history);
    REQUIRE((belief - exact).cwiseAbs().maxCoeff() < 1e-12);
  }
}

TEST_CASE("one detection multiplies the odds by TPR/FPR", "[belief_search]") {
  const Eigen::VectorXd uniform = Eigen::VectorXd::Constant(4, 0.25);
  const auto post = bs::bayes_update(uniform, {0.8, 0.1}, 2, true);
  CHECK(post(2) / post(0) == Approx(8.0));
  CHECK(post.sum() == Approx(1.0));
}

TEST_CASE("expected information gain equals the expected entropy drop", "[belief_search]") {
  Eigen::VectorXd belief(4);
  belief << 0.5, 0.2, 0.2, 0.1;
  const bs::SensorModel model{0.85, 0.2};
  for (int k = 0; k < 4; ++k) {
    const double p_hit =
        belief(k) * model.true_positive_rate + (1 - belief(k)) * model.false_positive_rate;
    const double direct = bs::entropy(belief) -
                          p_hit * bs::entropy(bs::bayes_update(belief, model, k, true)) -
                          (1 - p_hit) * bs::entropy(bs::bayes_update(belief, model, k, false));
    CHECK(bs::expected_information_gain(belief, model, k) == Approx(direct).epsilon(1e-12));
  }
}

TEST_CASE("an uninformative sensor gives zero information gain", "[belief_search]") {
  Eigen::VectorXd belief(3);
  belief << 0.6, 0.3, 0.1;
  CHECK(bs::expected_information_gain(belief, {0.4, 0.4}, 0) == Approx(0.0).margin(1e-15));
  CHECK(bs::entropy(Eigen::VectorXd::Constant(8, 0.125)) == Approx(std::log(8.0)));
}

TEST_CASE("the bracketing argmax of information gain equals a full scan over segments",
          "[belief_search]") {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> unit(0.01, 0.99);
  for (int trial = 0; trial < 2000; ++trial) {
    const int k = 2 + static_cast<int>(rng() % 30);
    Eigen::VectorXd belief = Eigen::VectorXd::NullaryExpr(k, [&] { return unit(rng); });
    belief = belief.array().pow(1 + 6 * unit(rng));  // from flat to peaked beliefs
    belief /= belief.sum();
    const bs::SensorModel model{unit(rng), unit(rng)};
    int scan = 0;
    for (int s = 1; s < k; ++s)
      if (bs::expected_information_gain(belief, model, s) >
          bs::expected_information_gain(belief, model, scan))
        scan = s;
    const int fast = bs::most_informative_segment(belief, model);
    // Equal up to gains that agree to rounding.
    CHECK(bs::expected_information_gain(belief, model, fast) ==
          Approx(bs::expected_information_gain(belief, model, scan)).epsilon(1e-12));
  }
}

TEST_CASE("the gain table stays within its error bound and orders decisive pairs exactly",
          "[belief_search]") {
  std::mt19937_64 rng(13);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const bs::SensorModel& model :
       {bs::SensorModel{0.8, 0.1}, bs::SensorModel{0.97, 0.3}, bs::SensorModel{0.2, 0.6}}) {
    const bs::GainTable table(model);
    REQUIRE(table.exists());
    const auto gain = [&](double b) { return bs::look_information_gain(model, b); };
    // The interpolation error bound the gap is built from: (gap - 1e-12) / 2.
    const double bound = (table.decisive_gap() - 1e-12) / 2;
    for (int i = 0; i < 20000; ++i) {
      const double b = unit(rng);
      REQUIRE(std::abs(table.gain(b) - gain(b)) <= bound + 1e-15);
    }
    // Pairs b1 <= b* < b2 whose gains differ by about slope * delta, from far apart down to
    // below the gap: wherever the table calls a pair decisive, the exact gains agree.
    const double b_star = bs::InformationGainRule(model).b_star();
    int decisive = 0, close = 0;
    for (double b1 : {0.02, 0.15, 0.3, 0.9 * b_star}) {
      double lo = b_star, hi = 1;  // the b2 > b* with the gain of b1 (the gain falls there)
      for (int i = 0; i < 200; ++i) (gain(0.5 * (lo + hi)) > gain(b1) ? lo : hi) = 0.5 * (lo + hi);
      for (double delta : {1e-2, 1e-4, 1e-6, 1e-8, 1e-10, 0.0}) {
        for (double sign : {-1.0, 1.0}) {
          const double b2 = 0.5 * (lo + hi) + sign * delta;
          if (b2 <= b_star || b2 > 1) continue;
          const double table_difference = table.gain(b1) - table.gain(b2);
          if (std::abs(table_difference) <= table.decisive_gap()) {
            ++close;
            continue;
          }
          ++decisive;
          CHECK((table_difference > 0) == (gain(b1) > gain(b2)));
        }
      }
    }
    CHECK(decisive > 0);
    CHECK(close > 0);  // the near ties the table leaves to the exact rule
  }
  CHECK_FALSE(bs::GainTable(bs::SensorModel{1.0, 0.1}).exists());
}
