#include "weight_explainer.hpp"

#include <catch2/catch.hpp>
#include <random>

#include "concentration.hpp"
#include "synthetic_code.hpp"

namespace sw = assay::sparse_weights;
namespace nn = assay::nn;

namespace {

// Latents of synthetic code, and an importance that is large where `planted` holds.
std::vector<sw::CodeLatents> synthetic_latents(int functions, nn::Rng& rng) {
  return sw::lex_python(sw::synthetic_code(functions, rng).text);
}

bool planted(const sw::CodeLatents& l) {
  return l.quote != sw::Quote::none && l.next == sw::CharClass::quote;
}

Eigen::VectorXf planted_importance(const std::vector<sw::CodeLatents>& tokens, nn::Rng& rng) {
  std::exponential_distribution<float> noise(1.0f);
  Eigen::VectorXf v(static_cast<Eigen::Index>(tokens.size()));
  for (std::size_t i = 0; i < tokens.size(); ++i)
    v(static_cast<Eigen::Index>(i)) = (planted(tokens[i]) ? 20.0f : 0.0f) + 0.05f * noise(rng);
  return v;
}

// The share of an importance row on the planted tokens.
double planted_mass(const Eigen::VectorXf& v, const std::vector<sw::CodeLatents>& tokens) {
  double on = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (planted(tokens[i])) on += v(static_cast<Eigen::Index>(i));
  return on / v.cast<double>().sum();
}

}  // namespace

TEST_CASE("the explainer recovers a planted conjunction and rejects noise", "[sparse_weights]") {
  nn::Rng rng(11);
  const auto fit = synthetic_latents(60, rng), heldout = synthetic_latents(60, rng);
  const int weights = 40;
  Eigen::MatrixXf a(weights, fit.size()), b(weights, heldout.size());
  std::exponential_distribution<float> noise(1.0f);
  for (int w = 0; w < weights; ++w) {
    if (w < weights / 2) {  // explainable
      a.row(w) = planted_importance(fit, rng).transpose();
      b.row(w) = planted_importance(heldout, rng).transpose();
    } else {  // importance unrelated to the text
      for (Eigen::Index t = 0; t < a.cols(); ++t) a(w, t) = noise(rng);
      for (Eigen::Index t = 0; t < b.cols(); ++t) b(w, t) = noise(rng);
    }
  }
  const auto r = sw::explain_weights(a, b, fit, heldout, {}, rng);
  REQUIRE(r.weights.size() == weights);
  for (int w = 0; w < weights / 2; ++w) {
    const auto& e = r.weights[w];
    INFO(e.conjunction.text());
    REQUIRE(e.conjunction.text() == "in a string and next is quote");
    REQUIRE(e.heldout_f1 > 0.95);
    REQUIRE(e.coverage == Approx(planted_mass(b.row(w).transpose(), heldout)).epsilon(1e-4));
    REQUIRE(e.interpretable);
  }
  int noise_interpretable = 0;
  for (int w = weights / 2; w < weights; ++w) noise_interpretable += r.weights[w].interpretable;
  // The threshold is the null's 95th percentile: noise weights pass it about 1 time in 20.
  REQUIRE(noise_interpretable <= 4);
  REQUIRE(r.mean_f1 > r.mean_null_f1 + 0.3);
}

TEST_CASE("positives are the tokens above the mean importance", "[sparse_weights]") {
  Eigen::VectorXf v(5);
  v << 1, 6, 0, 3, 0;  // mean 2
  const auto s = sw::above_mean_tokens(v);
  REQUIRE(s.count() == 2);
  REQUIRE(s.contains(1));
  REQUIRE(s.contains(3));
  REQUIRE(sw::above_mean_tokens(Eigen::VectorXf::Zero(4)).count() == 0);
}

TEST_CASE("gini is 0 for equal values and (n-1)/n for one nonzero", "[sparse_weights]") {
  REQUIRE(sw::gini(Eigen::VectorXd::Constant(8, 2.0)) == Approx(0).margin(1e-12));
  Eigen::VectorXd one = Eigen::VectorXd::Zero(8);
  one(3) = 5;
  REQUIRE(sw::gini(one) == Approx(7.0 / 8.0));
}
