// The computations behind the plugin's checks, each a measurement made with the science code.
#pragma once

#include <cstdint>

#include "fourier_target.hpp"
#include "reuploading_circuit.hpp"

namespace assay::qnn_spectral {

// Largest residual-free amplitude of f above the encoding's largest frequency (sampled on
// 4 w_max + 4 points); zero up to round-off if the degree bound holds.
double amplitude_beyond_degree(const Circuit& c, std::uint64_t seed);

// max |adjoint - central difference| over all parameters at a few inputs (step h).
double adjoint_vs_finite_difference(const Circuit& c, std::uint64_t seed, double h);

// max |U(x)|0> - state vector| over a few inputs.
double simulator_vs_matrix_product(const Circuit& c, std::uint64_t seed);

// Gradient descent (rate eta) for `steps` steps vs the QNTK-linearised prediction from the
// initial kernel: ||r_actual(T) - r_lazy(T)|| over the whole grid, and the size of the change
// ||r(T) - r(0)|| it is compared with.
struct LazyComparison {
  double deviation = 0;
  double change = 0;
};
LazyComparison lazy_comparison(const Circuit& c, const FourierTarget& target, int points,
                               double learning_rate, int steps, std::uint64_t seed);

// The fraction of `seeds` fits whose residual components halve in order of decreasing
// amplitude (or of increasing frequency).
struct OrderFrequencies {
  double by_amplitude = 0;
  double by_frequency = 0;
};
OrderFrequencies qnn_order_frequencies(const Circuit& c, const FourierTarget& target, int points,
                                       const FitOptions& opt, int seeds, std::uint64_t seed);
OrderFrequencies mlp_order_frequencies(const FourierTarget& target, int points,
                                       const FitOptions& opt, int seeds, std::uint64_t seed);

}  // namespace assay::qnn_spectral
