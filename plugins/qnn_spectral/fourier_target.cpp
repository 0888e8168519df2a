#include "fourier_target.hpp"

#include <cmath>

#include "fourier_spectrum.hpp"

namespace assay::qnn_spectral {

double FourierTarget::operator()(double x) const {
  double y = 0;
  for (std::size_t k = 0; k < frequencies.size(); ++k)
    y += amplitudes[k] * std::cos(frequencies[k] * x);
  return y;
}

Eigen::VectorXd FourierTarget::sample(const Eigen::VectorXd& grid) const {
  return grid.unaryExpr([this](double x) { return (*this)(x); });
}

void FitHistory::record(int step, const Eigen::VectorXd& residual) {
  steps.push_back(step);
  loss.push_back(residual.squaredNorm() / double(residual.size()));
  const Eigen::VectorXd a = amplitude_spectrum(residual);
  residual_spectrum.conservativeResize(a.size(), residual_spectrum.cols() + 1);
  residual_spectrum.col(residual_spectrum.cols() - 1) = a;
}

std::vector<ComponentProgress> component_progress(const FourierTarget& target,
                                                  const FitHistory& history) {
  std::vector<ComponentProgress> out;
  for (std::size_t k = 0; k < target.frequencies.size(); ++k) {
    ComponentProgress p{target.frequencies[k], target.amplitudes[k]};
    const auto row = history.residual_spectrum.row(p.frequency);
    for (Eigen::Index t = 0; t < row.size() && p.half_step < 0; ++t)
      if (row(t) <= 0.5 * std::abs(p.amplitude)) p.half_step = history.steps[t];
    p.final_relative_residual = row(row.size() - 1) / std::abs(p.amplitude);
    out.push_back(p);
  }
  return out;
}

}  // namespace assay::qnn_spectral
