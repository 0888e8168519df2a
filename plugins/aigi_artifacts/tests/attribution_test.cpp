#include "attribution.hpp"

#include <assay/nn/matrix.hpp>
#include <catch2/catch.hpp>
#include <cmath>

namespace aa = assay::aigi_artifacts;
namespace nn = assay::nn;

namespace {
struct Sample {
  Eigen::MatrixXd x;
  std::vector<int> y;
};
// `classes` Gaussian clusters in 5 dimensions whose means are `separation` apart per axis.
Sample clusters(int classes, int per_class, double separation, nn::Rng& rng) {
  Sample s{Eigen::MatrixXd(classes * per_class, 5), {}};
  for (int k = 0; k < classes; ++k)
    for (int i = 0; i < per_class; ++i) {
      const int row = k * per_class + i;
      for (int j = 0; j < 5; ++j)
        s.x(row, j) = nn::standard_normal(rng) + (j == k % 5 ? separation * (1 + k / 5) : 0.0);
      s.y.push_back(k);
    }
  return s;
}
}  // namespace

TEST_CASE("separated generators are attributed, indistinguishable ones at chance",
          "[aigi_artifacts]") {
  nn::Rng rng(3);
  const auto fit = clusters(4, 100, 8.0, rng), score = clusters(4, 100, 8.0, rng);
  const auto a = aa::attribute_generators(fit.x, fit.y, score.x, score.y, 4, {});
  REQUIRE(a.accuracy > 0.97);
  REQUIRE(a.confusion.sum() == 400);
  const auto nfit = clusters(4, 100, 0.0, rng), nscore = clusters(4, 100, 0.0, rng);
  const auto chance = aa::attribute_generators(nfit.x, nfit.y, nscore.x, nscore.y, 4, {});
  // 400 scored at p = 1/4: four binomial standard errors are 0.087.
  REQUIRE(std::abs(chance.accuracy - 0.25) < 4 * std::sqrt(0.25 * 0.75 / 400));
  REQUIRE_THROWS_WITH(aa::attribute_generators(fit.x, {0, 1}, score.x, score.y, 4, {}),
                      Catch::Contains("fit set"));
}
