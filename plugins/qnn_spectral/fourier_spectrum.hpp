// Frequencies a re-uploading model can express, and the Fourier coefficients of sampled
// 2 pi-periodic functions.
//
// Encoding gates exp(-i s_j x X/2) have eigenvalues +-s_j/2, so f(x) = sum_w c_w e^{i w x} with
// w ranging over differences of eigenvalue sums lambda_k - lambda_l (Schuld, Sweke, Meyer 2021).
#pragma once

#include <Eigen/Core>
#include <complex>
#include <vector>

namespace assay::qnn_spectral {

// One accessible frequency w >= 0 and its degeneracy: the number of ordered pairs (k, l) of
// eigenvalue sums with lambda_k - lambda_l = w.
struct SpectralLine {
  long frequency = 0;
  double degeneracy = 0;
};

// For integer scales; throws std::invalid_argument otherwise.
std::vector<SpectralLine> accessible_spectrum(const std::vector<double>& scales);

// c_k = (1/N) sum_j g(x_j) e^{-i k x_j}, x_j = 2 pi j / N, for k = 0 .. N/2.
Eigen::VectorXcd fourier_coefficients(const Eigen::VectorXd& samples);

// Amplitudes of the real series: |c_0| and 2 |c_k| for k > 0, so A cos(k x + phi) gives A.
Eigen::VectorXd amplitude_spectrum(const Eigen::VectorXd& samples);

// The N equispaced points x_j = 2 pi j / N.
Eigen::VectorXd equispaced_grid(int points);

}  // namespace assay::qnn_spectral
