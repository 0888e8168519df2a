// The classical baseline: a tanh MLP fitted to the same Fourier target on the same grid with
// the same optimiser and step budget. The input x in [0, 2 pi) is mapped to x / pi - 1.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <functional>
#include <vector>

#include "fourier_target.hpp"

namespace assay::qnn_spectral {

struct MlpOptions {
  std::vector<int> hidden = {32, 32};
};

FitHistory fit_mlp(const FourierTarget& target, int points, const MlpOptions& mlp,
                   const FitOptions& opt, std::uint64_t seed,
                   const std::function<void(double)>& progress = {});

// d f(x_i) / d w for every weight at initialisation (the same initialisation as fit_mlp with
// this seed), N x P: the empirical neural tangent kernel is its Gram matrix.
Eigen::MatrixXd mlp_initial_jacobian(int points, const MlpOptions& mlp, std::uint64_t seed);

}  // namespace assay::qnn_spectral
