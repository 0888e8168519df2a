#include "fourier_spectrum.hpp"

#include <cmath>
#include <map>
#include <numbers>
#include <stdexcept>

namespace assay::qnn_spectral {

std::vector<SpectralLine> accessible_spectrum(const std::vector<double>& scales) {
  // Histogram of 2 lambda = sum_j +-s_j, built one gate at a time.
  std::map<long, double> sums{{0, 1.0}};
  for (double s : scales) {
    if (s != std::round(s)) throw std::invalid_argument("accessible_spectrum: non-integer scale");
    const long step = std::lround(s);
    std::map<long, double> next;
    for (const auto& [v, count] : sums) {
      next[v + step] += count;
      next[v - step] += count;
    }
    sums = std::move(next);
  }
  // w = lambda_k - lambda_l = (2 lambda_k - 2 lambda_l) / 2; all 2 lambda share one parity.
  std::map<long, double> lines;
  for (const auto& [a, ca] : sums)
    for (const auto& [b, cb] : sums)
      if (a >= b) lines[(a - b) / 2] += ca * cb;
  std::vector<SpectralLine> out;
  for (const auto& [w, d] : lines) out.push_back({w, d});
  return out;
}

Eigen::VectorXcd fourier_coefficients(const Eigen::VectorXd& samples) {
  const auto n = samples.size();
  Eigen::VectorXcd c = Eigen::VectorXcd::Zero(n / 2 + 1);
  for (Eigen::Index k = 0; k < c.size(); ++k) {
    std::complex<double> sum = 0;
    for (Eigen::Index j = 0; j < n; ++j)
      sum += samples(j) * std::polar(1.0, -2 * std::numbers::pi * double(k * j % n) / double(n));
    c(k) = sum / double(n);
  }
  return c;
}

Eigen::VectorXd amplitude_spectrum(const Eigen::VectorXd& samples) {
  Eigen::VectorXd a = 2 * fourier_coefficients(samples).cwiseAbs();
  a(0) /= 2;
  // The Nyquist line k = N/2 of an even grid is real and has no mirror image.
  if (samples.size() % 2 == 0) a(a.size() - 1) /= 2;
  return a;
}

Eigen::VectorXd equispaced_grid(int points) {
  return Eigen::VectorXd::LinSpaced(points, 0, 2 * std::numbers::pi * (points - 1) / points);
}

}  // namespace assay::qnn_spectral
