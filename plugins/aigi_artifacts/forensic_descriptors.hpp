// Generic forensic descriptors of grey images, computed the same way for every image, real or
// generated: nothing here knows which generator made an image.
#pragma once

#include <Eigen/Core>

#include "generator_family.hpp"

namespace assay::aigi_artifacts {

// Radial bins of the power spectrum: bin k averages |DFT|^2 over the frequencies whose radius
// (in cycles per image) is in [k + 1, k + 2), k = 0 .. kSpectrumBins - 1; the DC term is left
// out (the mean is subtracted first) and so are the corners beyond radius kSide / 2.
constexpr int kSpectrumBins = kSide / 2 - 1;
// Descriptor layout: log10 spectrum bins, log10 neighbour-residual energy at each of the four
// 2 x 2 phases, log10 noise variance.
constexpr int kResidualPhases = 4;
constexpr int kDescriptorSize = kSpectrumBins + kResidualPhases + 1;

// One image (kSide x kSide, row-major) -> the kSpectrumBins mean powers.
Eigen::VectorXd azimuthal_power_spectrum(const Eigen::MatrixXd& image);
// x - up(down(x)), down = 2 x 2 average pooling, up = nearest: what a 2x resampler loses.
Eigen::MatrixXd neighbour_residual(const Eigen::MatrixXd& image);
// Mean squared residual at each phase (row parity, column parity) of the 2 x 2 blocks.
Eigen::VectorXd residual_phase_energy(const Eigen::MatrixXd& residual);
// Variance of the interior response to the 4-neighbour Laplacian, divided by the filter's
// squared norm (20), so that i.i.d. noise of variance s^2 reads s^2.
double noise_variance(const Eigen::MatrixXd& image);

// Rows: images (N x kSide^2) -> descriptors (N x kDescriptorSize), logs floored at 1e-10.
Eigen::MatrixXd forensic_descriptors(const nn::Matrix& images);
// The mean log10 spectrum (the first kSpectrumBins descriptor columns) over rows.
Eigen::VectorXd mean_log_spectrum(const Eigen::MatrixXd& descriptors);
// The fixed descriptor distance between two image sets: the L2 distance of their mean log10
// azimuthal power spectra.
double descriptor_distance(const Eigen::MatrixXd& descriptors_a,
                           const Eigen::MatrixXd& descriptors_b);

}  // namespace assay::aigi_artifacts
