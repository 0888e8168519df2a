#include "fourier_spectrum.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "qnn_fit.hpp"
#include "reuploading_circuit.hpp"

namespace qs = assay::qnn_spectral;

namespace {
double binomial(int n, int k) {
  return std::round(
      std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0)));
}
}  // namespace

TEST_CASE("repeated encoding: frequencies 0..M with degeneracy C(2M, M + w)", "[qnn_spectral]") {
  const int m = 6;
  const auto lines = qs::accessible_spectrum(std::vector<double>(m, 1.0));
  REQUIRE(lines.size() == m + 1);
  for (int w = 0; w <= m; ++w) {
    REQUIRE(lines[w].frequency == w);
    REQUIRE(lines[w].degeneracy == binomial(2 * m, m + w));
  }
}

TEST_CASE("exponential encoding: frequencies 0..2^M-1 with degeneracy 2^M - w", "[qnn_spectral]") {
  const int m = 5;
  const auto lines = qs::accessible_spectrum({1, 2, 4, 8, 16});
  REQUIRE(lines.size() == (1u << m));
  for (int w = 0; w < (1 << m); ++w) {
    REQUIRE(lines[w].frequency == w);
    REQUIRE(lines[w].degeneracy == (1 << m) - w);
  }
}

TEST_CASE("amplitude spectrum recovers a cosine series exactly", "[qnn_spectral]") {
  const Eigen::VectorXd x = qs::equispaced_grid(32);
  const Eigen::VectorXd g =
      (0.5 + 0.7 * (3 * x.array()).cos() - 0.2 * (9 * x.array() + 1).sin()).matrix();
  const Eigen::VectorXd a = qs::amplitude_spectrum(g);
  REQUIRE(a.size() == 17);
  for (int k = 0; k < 17; ++k) {
    const double expected = k == 0 ? 0.5 : k == 3 ? 0.7 : k == 9 ? 0.2 : 0.0;
    REQUIRE(a(k) == Approx(expected).margin(1e-13));
  }
}

TEST_CASE("circuit output has no Fourier content beyond the encoding's largest frequency",
          "[qnn_spectral]") {
  for (auto enc : {qs::Encoding::repeated, qs::Encoding::exponential}) {
    const auto c = qs::reuploading_circuit(2, 2, enc);
    const auto lines = qs::accessible_spectrum(c.encoding_scales());
    const long top = lines.back().frequency;
    const Eigen::VectorXd x = qs::equispaced_grid(int(4 * top + 4));
    const Eigen::VectorXd theta = qs::initial_angles(c, 3);
    const Eigen::VectorXd f = x.unaryExpr([&](double t) { return qs::evaluate(c, theta, t); });
    const Eigen::VectorXd a = qs::amplitude_spectrum(f);
    REQUIRE(a.tail(a.size() - top - 1).maxCoeff() <= 1e-13);
    REQUIRE(a.head(top + 1).maxCoeff() > 1e-3);
  }
}
