#include "forensic_descriptors.hpp"

#include <cmath>
#include <complex>
#include <numbers>

namespace assay::aigi_artifacts {

namespace {

using ComplexMatrix = Eigen::MatrixXcd;

// The kSide-point DFT matrix, built once: F(j, k) = exp(-2 pi i j k / n).
const ComplexMatrix& dft_matrix() {
  static const ComplexMatrix f = [] {
    ComplexMatrix m(kSide, kSide);
    for (int j = 0; j < kSide; ++j)
      for (int k = 0; k < kSide; ++k)
        m(j, k) = std::polar(1.0, -2.0 * std::numbers::pi * j * k / kSide);
    return m;
  }();
  return f;
}

// Frequency index as a signed frequency: 0, 1, ..., n/2 - 1, -n/2, ..., -1.
int signed_frequency(int k) { return k < kSide / 2 ? k : k - kSide; }

double log_floor(double x) { return std::log10(std::max(x, 1e-10)); }

Eigen::MatrixXd as_image(const nn::Matrix& images, nn::Index row) {
  Eigen::MatrixXd image(kSide, kSide);
  for (int r = 0; r < kSide; ++r)
    for (int c = 0; c < kSide; ++c) image(r, c) = images(row, r * kSide + c);
  return image;
}

}  // namespace

Eigen::VectorXd azimuthal_power_spectrum(const Eigen::MatrixXd& image) {
  const Eigen::MatrixXd centred = image.array() - image.mean();
  const auto& f = dft_matrix();
  const ComplexMatrix spectrum = f * centred.cast<std::complex<double>>() * f.transpose();
  Eigen::VectorXd power = Eigen::VectorXd::Zero(kSpectrumBins);
  Eigen::VectorXd count = Eigen::VectorXd::Zero(kSpectrumBins);
  for (int u = 0; u < kSide; ++u)
    for (int v = 0; v < kSide; ++v) {
      const double radius = std::hypot(signed_frequency(u), signed_frequency(v));
      const int bin = static_cast<int>(std::floor(radius)) - 1;
      if (bin < 0 || bin >= kSpectrumBins) continue;
      power(bin) += std::norm(spectrum(u, v));
      count(bin) += 1;
    }
  return power.cwiseQuotient(count);
}

Eigen::MatrixXd neighbour_residual(const Eigen::MatrixXd& image) {
  Eigen::MatrixXd residual(image.rows(), image.cols());
  for (int r = 0; r < image.rows(); r += 2)
    for (int c = 0; c < image.cols(); c += 2) {
      const double block = image.block(r, c, 2, 2).mean();
      residual.block(r, c, 2, 2) = image.block(r, c, 2, 2).array() - block;
    }
  return residual;
}

Eigen::VectorXd residual_phase_energy(const Eigen::MatrixXd& residual) {
  Eigen::VectorXd energy = Eigen::VectorXd::Zero(kResidualPhases);
  for (int r = 0; r < residual.rows(); ++r)
    for (int c = 0; c < residual.cols(); ++c)
      energy((r % 2) * 2 + c % 2) += residual(r, c) * residual(r, c);
  return energy / (residual.size() / 4.0);
}

double noise_variance(const Eigen::MatrixXd& image) {
  const auto n = image.rows() - 2, m = image.cols() - 2;
  const Eigen::ArrayXXd laplacian =
      image.block(0, 1, n, m).array() + image.block(2, 1, n, m).array() +
      image.block(1, 0, n, m).array() + image.block(1, 2, n, m).array() -
      4 * image.block(1, 1, n, m).array();
  const double mean = laplacian.mean();
  return (laplacian - mean).square().sum() / (laplacian.size() - 1) / 20.0;
}

Eigen::MatrixXd forensic_descriptors(const nn::Matrix& images) {
  if (images.cols() != kSide * kSide)
    throw std::invalid_argument("forensic_descriptors: images have " +
                                std::to_string(images.cols()) + " pixels, expected " +
                                std::to_string(kSide * kSide));
  Eigen::MatrixXd out(images.rows(), kDescriptorSize);
  for (nn::Index i = 0; i < images.rows(); ++i) {
    const Eigen::MatrixXd image = as_image(images, i);
    const Eigen::VectorXd spectrum = azimuthal_power_spectrum(image);
    const Eigen::VectorXd phases = residual_phase_energy(neighbour_residual(image));
    for (int k = 0; k < kSpectrumBins; ++k) out(i, k) = log_floor(spectrum(k));
    for (int k = 0; k < kResidualPhases; ++k) out(i, kSpectrumBins + k) = log_floor(phases(k));
    out(i, kDescriptorSize - 1) = log_floor(noise_variance(image));
  }
  return out;
}

Eigen::VectorXd mean_log_spectrum(const Eigen::MatrixXd& descriptors) {
  return descriptors.leftCols(kSpectrumBins).colwise().mean().transpose();
}

double descriptor_distance(const Eigen::MatrixXd& descriptors_a,
                           const Eigen::MatrixXd& descriptors_b) {
  return (mean_log_spectrum(descriptors_a) - mean_log_spectrum(descriptors_b)).norm();
}

}  // namespace assay::aigi_artifacts
