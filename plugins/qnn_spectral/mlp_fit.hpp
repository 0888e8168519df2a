// The classical baseline: a tanh MLP fitted to the same Fourier target on the same grid with
// the same optimiser and step budget. The input x in [0, 2 pi) is mapped to x / pi - 1.
#pragma once

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

}  // namespace assay::qnn_spectral
