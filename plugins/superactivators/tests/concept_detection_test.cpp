#include "concept_detection.hpp"

#include <catch2/catch.hpp>

namespace sa = assay::superactivators;

TEST_CASE("quantile interpolates between order statistics as NumPy does", "[superactivators]") {
  REQUIRE(sa::quantile({3, 1, 2, 4}, 0.5) == Approx(2.5));
  REQUIRE(sa::quantile({3, 1, 2, 4}, 1.0) == Approx(4));
  REQUIRE(sa::quantile({10, 0}, 0.25) == Approx(2.5));
}

TEST_CASE("tail fraction counts in tokens above the out tokens' quantile", "[superactivators]") {
  Eigen::VectorXd act(6);
  act << 0, 1, 2, 3, 1.5, 9;
  const Eigen::VectorXi labels = (Eigen::VectorXi(6) << 0, 0, 0, 1, 1, -1).finished();
  REQUIRE(sa::tail_fraction(act, labels, 1.0) == Approx(0.5));  // 3 > 2, 1.5 < 2; 9 ignored
  REQUIRE(sa::tail_fraction(act, labels, 0.5) == Approx(1.0));  // both > 1
}

TEST_CASE("aggregators and the calibrated F1 threshold", "[superactivators]") {
  Eigen::VectorXd act(6);
  act << 1, 5, 2, 2, 0, 7;  // 3 images of 2 tokens
  std::mt19937_64 rng(1);
  REQUIRE(sa::aggregate(act, 2, sa::Aggregator::max, rng) == Eigen::Vector3d(5, 2, 7));
  REQUIRE(sa::aggregate(act, 2, sa::Aggregator::mean, rng) == Eigen::Vector3d(3, 2, 3.5));
  REQUIRE(sa::aggregate(act, 2, sa::Aggregator::last, rng) == Eigen::Vector3d(5, 2, 7));
  const Eigen::Vector3i positive(1, 0, 1);
  const Eigen::Vector3d scores(5, 2, 7);
  REQUIRE(sa::f1_at(scores, positive, 3) == Approx(1));
  REQUIRE(sa::f1_at(scores, positive, 0) == Approx(0.8));
  REQUIRE(sa::f1_at(scores, positive, 10) == 0);
  const double t = sa::best_threshold(scores, positive);
  REQUIRE((t > 2 && t < 5));
}

TEST_CASE("one very high token per positive image is found by SuperActivators, not the mean",
          "[superactivators]") {
  // 40 images of 10 tokens; every image has a background of its own level in [0, 2] plus noise
  // in [0, 1], which blurs the mean; positive images hold one token at 10, and their other
  // in-concept tokens look like background.
  const auto split = [](unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> noise(0, 1);
    sa::DetectionSplit s{Eigen::VectorXd(400), Eigen::VectorXi::Zero(400), Eigen::VectorXi(40)};
    for (int n = 0; n < 40; ++n) {
      s.image_labels(n) = n % 2;
      const double level = 2 * noise(rng);
      for (int t = 0; t < 10; ++t) s.activations(n * 10 + t) = level + noise(rng);
      if (n % 2 == 0) continue;
      s.token_labels.segment(n * 10, 5).setOnes();
      s.activations(n * 10 + 2) = 10;
    }
    return s;
  };
  std::mt19937_64 rng(4);
  const auto d = sa::detect_concept(split(1), split(2), 10, sa::default_sparsity_levels(), rng);
  REQUIRE(d.superactivator_f1 == Approx(1));
  REQUIRE(d.chosen_p <= 0.2);
  // A fifth of the in-concept tokens are the high ones: at p = 0.2 the threshold falls below
  // them; at p = 0.02 it is their value, which no token exceeds.
  REQUIRE(d.curve_f1[3] == Approx(1));
  REQUIRE(d.curve_f1[0] == 0);
  REQUIRE(d.baseline_f1[static_cast<int>(sa::Aggregator::max)] == Approx(1));
  REQUIRE(d.baseline_f1[static_cast<int>(sa::Aggregator::mean)] < 1);
}
