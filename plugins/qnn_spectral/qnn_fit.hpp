// Training the re-uploading circuit on a Fourier target with exact (adjoint) gradients.
#pragma once

#include <cstdint>
#include <functional>

#include "fourier_target.hpp"
#include "reuploading_circuit.hpp"

namespace assay::qnn_spectral {

// Angles i.i.d. uniform on [0, 2 pi).
Eigen::VectorXd initial_angles(const Circuit& c, std::uint64_t seed);

struct QnnFit {
  Eigen::VectorXd initial_theta, theta;
  FitHistory history;
};

// Minimises (1/N) sum_i (f(x_i) - y(x_i))^2 over the N-point grid. `progress` (optional) is
// called with the fraction done and may throw to stop.
QnnFit fit_qnn(const Circuit& c, const FourierTarget& target, int points, const FitOptions& opt,
               std::uint64_t seed, const std::function<void(double)>& progress = {});

}  // namespace assay::qnn_spectral
