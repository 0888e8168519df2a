#include "generator_family.hpp"

#include <catch2/catch.hpp>
#include <set>

namespace aa = assay::aigi_artifacts;
namespace nn = assay::nn;

namespace {
nn::Matrix blobs(int n, nn::Rng& rng) {
  // Smooth random images in [0, 1]: a bright rectangle on black, like a garment's silhouette.
  nn::Matrix m = nn::Matrix::Zero(n, aa::kSide * aa::kSide);
  for (int i = 0; i < n; ++i) {
    const int r0 = 2 + static_cast<int>(nn::uniform01(rng) * 8),
              c0 = 2 + static_cast<int>(nn::uniform01(rng) * 8);
    for (int r = r0; r < r0 + 14; ++r)
      for (int c = c0; c < c0 + 12; ++c) m(i, r * aa::kSide + c) = 0.8f;
  }
  return m;
}
}  // namespace

TEST_CASE("the family is the 16 cells of the factorial design, named uniquely",
          "[aigi_artifacts]") {
  const auto family = aa::generator_family();
  REQUIRE(family.size() == 16);
  std::set<std::string> names;
  for (std::size_t i = 0; i < family.size(); ++i) {
    names.insert(aa::generator_name(family[i]));
    REQUIRE(aa::generator_index(aa::generator_name(family[i])) == static_cast<int>(i));
  }
  REQUIRE(names.size() == 16);
  REQUIRE(aa::generator_indices("tconv-wide-sigmoid,bilinear-narrow-clamp") ==
          std::vector<int>{2, 9});
  REQUIRE_THROWS_WITH(aa::generator_index("tconv-huge-sigmoid"),
                      Catch::Contains("tconv-huge-sigmoid") && Catch::Contains("valid:"));
  REQUIRE_THROWS_WITH(aa::generator_indices("tconv-wide-sigmoid,tconv-wide-sigmoid"),
                      Catch::Contains("twice"));
}

TEST_CASE("every generator maps images to images in [0, 1]", "[aigi_artifacts]") {
  nn::Rng rng(2);
  const nn::Matrix x = blobs(3, rng);
  for (const auto& spec : aa::generator_family()) {
    aa::Autoencoder model(spec, rng);
    const nn::Matrix y = model.reconstruct(x);
    REQUIRE(y.rows() == 3);
    REQUIRE(y.cols() == aa::kSide * aa::kSide);
    REQUIRE(y.minCoeff() >= 0.0f);
    REQUIRE(y.maxCoeff() <= 1.0f);
  }
}

TEST_CASE("training lowers the reconstruction error of every upsampling", "[aigi_artifacts]") {
  nn::Rng rng(4);
  const nn::Matrix x = blobs(64, rng);
  for (auto u : {aa::Upsampling::transposed, aa::Upsampling::nearest, aa::Upsampling::bilinear,
                 aa::Upsampling::pixel_shuffle}) {
    aa::Autoencoder model({u, aa::Bottleneck::wide, aa::OutputMap::sigmoid}, rng);
    const double before = (model.reconstruct(x) - x).squaredNorm() / static_cast<double>(x.size());
    aa::train_autoencoder(model, x, {.steps = 60, .batch = 16}, rng);
    const double after = (model.reconstruct(x) - x).squaredNorm() / static_cast<double>(x.size());
    INFO("upsampling " << static_cast<int>(u) << ": mse " << before << " -> " << after);
    REQUIRE(after < 0.5 * before);
  }
}
