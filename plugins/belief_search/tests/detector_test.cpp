// Graded detector confidence and answers spread over several segments: the readings, the Bayes
// update against enumeration, the information gain against numerical integration, and the
// controller's calibration on both.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <random>

#include "belief.hpp"
#include "belief_weights.hpp"
#include "search_evaluation.hpp"

namespace bs = assay::belief_search;

namespace {

const bs::SensorModel kBinary{0.8, 0.1};
const bs::SensorModel kGraded{0.8, 0.1, true};

double normal_density(double x, double mean) {
  return std::exp(-0.5 * (x - mean) * (x - mean)) / std::sqrt(2 * std::numbers::pi);
}

// I(H; Y) = integral of b f1 log(f1 / m) + (1 - b) f0 log(f0 / m), trapezoid on a fine grid.
double gain_by_integration(const bs::SensorModel& model, double b) {
  const double mu1 = bs::detector_score_mean(model.true_positive_rate);
  const double mu0 = bs::detector_score_mean(model.false_positive_rate);
  const double step = 1e-3;
  double sum = 0;
  for (double s = -14; s <= 14; s += step) {
    const double f1 = normal_density(s, mu1), f0 = normal_density(s, mu0);
    const double m = b * f1 + (1 - b) * f0;
    if (m <= 0) continue;
    if (f1 > 0) sum += b * f1 * std::log(f1 / m) * step;
    if (f0 > 0) sum += (1 - b) * f0 * std::log(f0 / m) * step;
  }
  return sum;
}

}  // namespace

TEST_CASE("score mean is the probit of the rate", "[belief_search]") {
  CHECK(bs::detector_score_mean(0.5) == Approx(0.0).margin(1e-15));
  CHECK(bs::detector_score_mean(0.8) == Approx(0.8416212335729143).epsilon(1e-12));
  CHECK(bs::detector_score_mean(0.1) == Approx(-1.2815515655446004).epsilon(1e-12));
}

TEST_CASE("graded readings refine the binary detection of the same noise", "[belief_search]") {
  const bs::EpisodeConfig config{10, 1.0, kBinary, 0.4, 3};
  for (int i = 0; i < 50; ++i) {
    const auto e = bs::sample_episode(config, 4, i);
    for (int k = 0; k < 10; ++k)
      for (int look = 0; look < 5; ++look) {
        const auto graded = bs::read_detector(e, kGraded, k, look);
        REQUIRE(graded.detected == bs::observe(e, kBinary, k, look));
        REQUIRE(graded.detected == (graded.score > 0));
      }
  }
}

TEST_CASE("graded scores are N(probit(rate), 1) on and off the answer", "[belief_search]") {
  const bs::EpisodeConfig config{6, 0.0, kGraded, 0.4, 2};
  double sum[2] = {0, 0}, sum_sq[2] = {0, 0}, n[2] = {0, 0};
  for (int i = 0; i < 4000; ++i) {
    const auto e = bs::sample_episode(config, 11, i);
    for (int k = 0; k < 6; ++k) {
      const double s = bs::read_detector(e, kGraded, k, 0).score;
      const int target = bs::holds_answer(e, k);
      sum[target] += s, sum_sq[target] += s * s, ++n[target];
    }
  }
  const double expected[2] = {bs::detector_score_mean(0.1), bs::detector_score_mean(0.8)};
  for (int t = 0; t < 2; ++t) {
    const double mean = sum[t] / n[t], var = sum_sq[t] / n[t] - mean * mean;
    CHECK(std::abs(mean - expected[t]) < 4 / std::sqrt(n[t]));  // SE of a mean: 1/sqrt n
    CHECK(std::abs(var - 1) < 4 * std::sqrt(2 / n[t]));         // SE of a variance
  }
}

TEST_CASE("an answer span covers consecutive segments clipped at the end", "[belief_search]") {
  const bs::EpisodeConfig config{5, 1.0, kBinary, 0.4, 3};
  for (int i = 0; i < 100; ++i) {
    const auto e = bs::sample_episode(config, 2, i);
    int held = 0;
    for (int k = 0; k < 5; ++k) held += bs::holds_answer(e, k);
    REQUIRE(held == std::min(3, 5 - e.answer_segment));
    REQUIRE(bs::holds_answer(e, e.answer_segment));
  }
  Eigen::VectorXd belief(5);
  belief << 0.1, 0.2, 0.3, 0.15, 0.25;
  Eigen::VectorXd expected(5);
  expected << 0.1, 0.3, 0.5, 0.45, 0.4;
  CHECK((bs::answer_marginal(belief, 2) - expected).cwiseAbs().maxCoeff() < 1e-15);
  CHECK((bs::answer_marginal(belief, 1) - belief).cwiseAbs().maxCoeff() < 1e-15);
}

TEST_CASE("graded and spanned Bayes updates equal enumeration", "[belief_search]") {
  std::mt19937_64 rng(3);
  std::normal_distribution<double> normal;
  std::uniform_int_distribution<int> pick(0, 4);
  for (int span : {1, 2, 4}) {
    for (const auto& model : {kBinary, kGraded}) {
      for (int history = 0; history < 50; ++history) {
        Eigen::VectorXd prior = Eigen::VectorXd::Random(5).array().abs() + 0.05;
        prior /= prior.sum();
        Eigen::VectorXd belief = prior;  // normalised, as policy training keeps it
        bs::BeliefWeights weights;       // unnormalised, as the searchers keep it
        weights.reset(prior, prior.array().log());
        std::vector<bs::Look> looks;
        for (int t = 0; t < 8; ++t) {
          const double score = 1.5 * normal(rng);
          const bs::Look look{pick(rng), score > 0, score};
          looks.push_back(look);
          const auto likelihood = bs::look_likelihood(model, {look.detected, look.score});
          const double h = bs::bayes_update_span(belief, likelihood, look.segment, span);
          REQUIRE(h == Approx(bs::entropy(belief)).margin(1e-12));
          const int first = std::max(0, look.segment - span + 1);
          weights.observe(first, look.segment - first + 1, likelihood);
        }
        const auto reference = bs::posterior_by_enumeration(prior, model, looks, span);
        REQUIRE((belief - reference).cwiseAbs().maxCoeff() < 1e-12);
        REQUIRE((weights.weights() / weights.total() - reference).cwiseAbs().maxCoeff() < 1e-12);
        REQUIRE(weights.entropy() == Approx(bs::entropy(reference)).margin(1e-12));
      }
    }
  }
}

TEST_CASE("graded information gain equals numerical integration", "[belief_search]") {
  for (const bs::SensorModel& model : {kGraded, bs::SensorModel{0.6, 0.4, true}})
    for (double b : {0.02, 0.1, 0.3, 0.5, 0.8, 0.97})
      CHECK(bs::look_information_gain(model, b) ==
            Approx(gain_by_integration(model, b)).margin(1e-8));
  CHECK(bs::look_information_gain(kGraded, 0.0) == 0);
  CHECK(bs::look_information_gain(kGraded, 1.0) == 0);
}

TEST_CASE("a graded reading carries at least the binary detection's information",
          "[belief_search]") {
  // The detection is a function of the score (data processing inequality).
  for (double b = 0.01; b < 1; b += 0.01)
    REQUIRE(bs::look_information_gain(kGraded, b) >= bs::look_information_gain(kBinary, b));
}

TEST_CASE("graded look rule equals the full scan of the gain", "[belief_search]") {
  const bs::InformationGainRule rule(kGraded);
  for (int trial = 0; trial < 500; ++trial) {
    Eigen::VectorXd belief = Eigen::VectorXd::Random(7).array().abs().pow(3) + 1e-3;
    belief /= belief.sum();
    int best = 0;
    for (int k = 1; k < 7; ++k)
      if (bs::look_information_gain(kGraded, belief(k)) >
          bs::look_information_gain(kGraded, belief(best)))
        best = k;
    REQUIRE(rule.most_informative_segment(belief) == best);
  }
}

TEST_CASE("controller stopping at tau is calibrated with graded readings and spans",
          "[belief_search]") {
  for (int span : {1, 3}) {
    for (bool graded : {false, true}) {
      const bs::EpisodeConfig config{12, 1.0, {0.8, 0.1, graded}, 0.4, span};
      bs::SearchSettings s;
      s.frame_budget = 200;
      s.stop_threshold = 0.85;
      s.belief_model = config.sensor;
      const auto summary = bs::summarise(bs::run_episodes(config, s, 1500, 6));
      INFO("span " << span << " graded " << graded << ": " << summary.confident_accuracy);
      REQUIRE(summary.confident_stops > 1000);
      CHECK(summary.confident_accuracy + 3 * summary.confident_accuracy_se >= 0.85);
    }
  }
}

TEST_CASE("look rule breaks ties in gain to the first segment", "[belief_search]") {
  std::vector<Eigen::VectorXd> beliefs;
  beliefs.push_back(Eigen::VectorXd::Constant(5, 0.2));
  beliefs.push_back((Eigen::VectorXd(6) << 0.05, 0.3, 0.05, 0.3, 0.2, 0.1).finished());
  beliefs.push_back((Eigen::VectorXd(7) << 0.1, 0.1, 0.25, 0.1, 0.25, 0.1, 0.1).finished());
  for (const auto& model : {kBinary, kGraded}) {
    const bs::InformationGainRule rule(model);
    for (const auto& belief : beliefs) {
      int best = 0;
      for (int k = 1; k < belief.size(); ++k)
        if (bs::look_information_gain(model, belief(k)) >
            bs::look_information_gain(model, belief(best)))
          best = k;
      CHECK(rule.most_informative_segment(belief) == best);
    }
  }
}
