#include "concept_vectors.hpp"

#include <catch2/catch.hpp>

#include "concept_detection.hpp"

namespace sa = assay::superactivators;

namespace {

// 400 out tokens ~ N(0, I) and 200 in tokens shifted by `shift` along the first axis (dim 6),
// plus 50 ignored tokens far away along the second.
struct Labelled {
  Eigen::MatrixXf states;
  Eigen::VectorXi labels;
};

Labelled gaussian_concept(double shift, std::mt19937_64& rng) {
  std::normal_distribution<float> n;
  Labelled d{Eigen::MatrixXf(650, 6), Eigen::VectorXi(650)};
  for (int i = 0; i < 650; ++i) {
    for (int j = 0; j < 6; ++j) d.states(i, j) = n(rng);
    d.labels(i) = i < 400 ? 0 : i < 600 ? 1 : -1;
    if (d.labels(i) == 1) d.states(i, 0) += static_cast<float>(shift);
    if (d.labels(i) == -1) d.states(i, 1) += 50;
  }
  return d;
}

}  // namespace

TEST_CASE("every kind of concept vector points along the concept and ignores unlabelled tokens",
          "[superactivators]") {
  std::mt19937_64 rng(1);
  const auto d = gaussian_concept(6, rng);
  for (auto kind : {sa::VectorKind::mean_difference, sa::VectorKind::linear_separator,
                    sa::VectorKind::kmeans, sa::VectorKind::kmeans_separator}) {
    CAPTURE(sa::kind_name(kind));
    const auto v = sa::fit_concept_vector(d.states, d.labels, {.kind = kind, .clusters = 2}, rng);
    const bool clustered =
        kind == sa::VectorKind::kmeans || kind == sa::VectorKind::kmeans_separator;
    REQUIRE(v.directions.rows() == (clustered ? 2 : 1));
    for (Eigen::Index j = 0; j < v.directions.rows(); ++j)
      REQUIRE(v.directions(j, 0) / v.directions.row(j).norm() > 0.8);
    for (auto a : {sa::Activation::cosine, sa::Activation::signed_distance}) {
      const auto act = sa::concept_activations(v, d.states, a);
      // Shift 6 sigma: most in tokens lie above the 99.9th percentile of the out tokens.
      REQUIRE(sa::tail_fraction(act, d.labels) > 0.5);
    }
  }
}

TEST_CASE("signed distance is zero on the mean-difference midpoint", "[superactivators]") {
  Eigen::MatrixXf x(4, 2);
  x << 0, 0, 0, 2, 4, 0, 4, 2;  // out at x = 0, in at x = 4
  const Eigen::VectorXi labels = (Eigen::VectorXi(4) << 0, 0, 1, 1).finished();
  std::mt19937_64 rng(1);
  const auto v = sa::fit_concept_vector(x, labels, {}, rng);
  Eigen::MatrixXf probe(2, 2);
  probe << 2, 1, 3, 1;
  const auto act = sa::concept_activations(v, probe, sa::Activation::signed_distance);
  REQUIRE(act(0) == Approx(0).margin(1e-9));
  REQUIRE(act(1) == Approx(1));
}

TEST_CASE("without a concept signal the tail fraction is near the percentile's 0.1%",
          "[superactivators]") {
  std::mt19937_64 rng(2);
  const auto d = gaussian_concept(0, rng);
  const auto v = sa::fit_concept_vector(d.states, d.labels, {}, rng);
  const auto act = sa::concept_activations(v, d.states, sa::Activation::cosine);
  REQUIRE(sa::tail_fraction(act, d.labels) < 0.05);
}
