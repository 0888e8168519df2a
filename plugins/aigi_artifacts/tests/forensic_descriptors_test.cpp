#include "forensic_descriptors.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

namespace aa = assay::aigi_artifacts;
namespace nn = assay::nn;

TEST_CASE("a cosine's power lands in the bin of its frequency", "[aigi_artifacts]") {
  for (int k : {1, 4, 9, 13}) {
    Eigen::MatrixXd image(aa::kSide, aa::kSide);
    for (int r = 0; r < aa::kSide; ++r)
      for (int c = 0; c < aa::kSide; ++c)
        image(r, c) = std::cos(2 * std::numbers::pi * k * c / aa::kSide);
    const auto p = aa::azimuthal_power_spectrum(image);
    Eigen::Index peak = 0;
    p.maxCoeff(&peak);
    REQUIRE(peak == k - 1);
    // All the energy is there: the other bins hold only rounding.
    REQUIRE(p.sum() - p(peak) < 1e-9 * p(peak));
  }
}

TEST_CASE("the neighbour residual is what 2x2 averaging loses", "[aigi_artifacts]") {
  Eigen::MatrixXd blocky(aa::kSide, aa::kSide);
  for (int r = 0; r < aa::kSide; ++r)
    for (int c = 0; c < aa::kSide; ++c) blocky(r, c) = (r / 2) * 0.1 + (c / 2) * 0.01;
  REQUIRE(aa::neighbour_residual(blocky).cwiseAbs().maxCoeff() < 1e-12);
  // A checkerboard is lost entirely, equally at every phase.
  Eigen::MatrixXd checker(aa::kSide, aa::kSide);
  for (int r = 0; r < aa::kSide; ++r)
    for (int c = 0; c < aa::kSide; ++c) checker(r, c) = (r + c) % 2 ? 1.0 : -1.0;
  const auto energy = aa::residual_phase_energy(aa::neighbour_residual(checker));
  REQUIRE((energy.array() - 1.0).abs().maxCoeff() < 1e-12);
}

TEST_CASE("the noise variance of white noise reads its variance", "[aigi_artifacts]") {
  nn::Rng rng(7);
  const double sigma = 0.3;
  double total = 0;
  const int images = 20;
  for (int i = 0; i < images; ++i) {
    Eigen::MatrixXd noise(aa::kSide, aa::kSide);
    for (int r = 0; r < aa::kSide; ++r)
      for (int c = 0; c < aa::kSide; ++c) noise(r, c) = sigma * nn::standard_normal(rng);
    total += aa::noise_variance(noise);
  }
  // 20 x 676 Laplacian responses, correlated with their neighbours: the relative standard error
  // of the estimate is about 2.5%, so 10% is four of them.
  REQUIRE(std::abs(total / images / (sigma * sigma) - 1) < 0.10);
}

TEST_CASE("descriptors are finite and the distance is zero only between equal sets",
          "[aigi_artifacts]") {
  nn::Rng rng(8);
  nn::Matrix images = nn::uniform_matrix<float>(6, aa::kSide * aa::kSide, 0.5f, rng);
  images.array() += 0.5f;
  const auto d = aa::forensic_descriptors(images);
  REQUIRE(d.rows() == 6);
  REQUIRE(d.cols() == aa::kDescriptorSize);
  REQUIRE(d.allFinite());
  REQUIRE(aa::descriptor_distance(d, d) == 0.0);
  nn::Matrix smoother = images;
  for (int i = 0; i < 6; ++i)
    for (int j = 1; j < images.cols(); ++j)
      smoother(i, j) = 0.5f * (images(i, j) + images(i, j - 1));
  REQUIRE(aa::descriptor_distance(d, aa::forensic_descriptors(smoother)) > 0.1);
  REQUIRE_THROWS_WITH(aa::forensic_descriptors(nn::Matrix::Zero(2, 100)), Catch::Contains("100"));
}
