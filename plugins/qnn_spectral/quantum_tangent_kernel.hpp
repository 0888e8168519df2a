// The quantum neural tangent kernel K(x, x') = sum_k df(x)/dtheta_k df(x')/dtheta_k on the
// training grid, and the residual dynamics it predicts in the lazy (linearised) regime: with
// loss (1/N) sum_i r_i^2 and gradient descent of rate eta, r <- (I - (2 eta / N) K) r.
#pragma once

#include <Eigen/Core>

#include "reuploading_circuit.hpp"

namespace assay::qnn_spectral {

struct BatchJacobian {
  Eigen::VectorXd values;    // f(x_i)
  Eigen::MatrixXd jacobian;  // df(x_i)/dtheta_k, N x P
};
BatchJacobian batch_jacobian(const Circuit& c, const Eigen::VectorXd& theta,
                             const Eigen::VectorXd& grid);

Eigen::MatrixXd tangent_kernel(const Eigen::MatrixXd& jacobian);

// |U K U^dag| for frequencies k, k' = 0 .. N/2, with U_kj = e^{-i k x_j} / sqrt(N) unitary:
// for a translation-invariant kernel the diagonal holds its eigenvalues.
Eigen::MatrixXd fourier_kernel_magnitude(const Eigen::MatrixXd& kernel);

// The residual after `steps` linearised gradient-descent steps from r0.
Eigen::VectorXd linearised_residual(const Eigen::MatrixXd& kernel, const Eigen::VectorXd& r0,
                                    double learning_rate, int steps);

}  // namespace assay::qnn_spectral
