#include "wasserstein.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "sliced_wasserstein.hpp"

using namespace assay::sbi_langevin;

TEST_CASE("Gaussian W2 matches the diagonal and the commuting closed forms", "[sbi_langevin]") {
  const DiagonalGaussian a{Eigen::Vector2d(0.0, 1.0), Eigen::Vector2d(1.0, 4.0)};
  const DiagonalGaussian b{Eigen::Vector2d(1.0, 1.0), Eigen::Vector2d(4.0, 1.0)};
  const double expected = std::sqrt(1.0 + 1.0 + 1.0);  // |dm|^2 + (1-2)^2 + (2-1)^2
  CHECK(w2_diagonal(a, b) == Approx(expected));
  CHECK(w2_gaussian(a.mean, a.var.asDiagonal().toDenseMatrix(), b.mean,
                    b.var.asDiagonal().toDenseMatrix()) == Approx(expected));
}

TEST_CASE("Gaussian W2 is rotation invariant and zero on identical laws", "[sbi_langevin]") {
  const double c = std::cos(0.7), s = std::sin(0.7);
  Eigen::Matrix2d r;
  r << c, -s, s, c;
  const Eigen::Matrix2d s1 = r * Eigen::Vector2d(1.0, 9.0).asDiagonal() * r.transpose();
  const Eigen::Matrix2d s2 = r * Eigen::Vector2d(4.0, 1.0).asDiagonal() * r.transpose();
  const Eigen::Vector2d m = Eigen::Vector2d::Zero();
  CHECK(w2_gaussian(m, s1, m, s2) == Approx(std::sqrt(1.0 + 4.0)));
  CHECK(w2_gaussian(m, s1, m, s1) < 1e-7);
  // Non-commuting: W2^2 = tr S1 + tr S2 - 2 tr (S2^1/2 S1 S2^1/2)^1/2, symmetric in its laws.
  const Eigen::Matrix2d s3 = Eigen::Vector2d(2.0, 0.5).asDiagonal();
  CHECK(w2_gaussian(m, s1, m, s3) == Approx(w2_gaussian(m, s3, m, s1)).epsilon(1e-9));
}

TEST_CASE("Gaussian-fit W2 of exact samples is small, within bootstrap errors", "[sbi_langevin]") {
  std::mt19937_64 rng(31);
  std::normal_distribution<double> normal;
  const int n = 4000;
  Eigen::MatrixXd x(n, 2);
  for (int r = 0; r < n; ++r) x.row(r) << 1.0 + normal(rng), 2.0 * normal(rng);
  const auto w = w2_gaussian_fit(x, Eigen::Vector2d(1.0, 0.0),
                                 Eigen::Vector2d(1.0, 4.0).asDiagonal().toDenseMatrix(), 50, rng);
  REQUIRE(w.se);
  CHECK(*w.se > 0);
  CHECK_FALSE(
      w2_gaussian_fit(x, Eigen::Vector2d(1.0, 0.0), Eigen::Matrix2d::Identity(), 1, rng).se);
  // The fit's W2 is driven by sampling noise of size ~ sqrt(tr S / n) ~ 0.035.
  CHECK(w.w2 < 5 * std::sqrt(5.0 / n));
}

TEST_CASE("sliced W2 of a shifted copy is |shift| / sqrt(d) in expectation", "[sbi_langevin]") {
  std::mt19937_64 rng(32);
  const Eigen::MatrixXd a = Eigen::MatrixXd::Random(300, 3);
  const Eigen::RowVector3d shift(0.6, 0.0, -0.8);
  const Eigen::MatrixXd b = a.rowwise() + shift;
  std::mt19937_64 proj(1);
  CHECK(sliced_w2(a, a, 50, proj) == 0.0);
  // Per direction u the squared distance is (u.c)^2 with |c| = 1, d = 3: mean 1/d = 1/3,
  // E (u.c)^4 = 3 / (d (d + 2)) = 1/5, variance 1/5 - 1/9; 4000 directions give SE 0.0047.
  const double sw2 = sliced_w2(a, b, 4000, rng);
  CHECK(sw2 * sw2 == Approx(1.0 / 3.0).margin(4.5 * std::sqrt((0.2 - 1.0 / 9.0) / 4000)));
}
