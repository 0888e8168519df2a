#include "paper_claims.hpp"

#include <algorithm>

#include "fourier_spectrum.hpp"
#include "mlp_fit.hpp"
#include "qnn_fit.hpp"
#include "quantum_tangent_kernel.hpp"
#include "spectral_order.hpp"

namespace assay::qnn_spectral {
namespace {
constexpr double kProbeInputs[] = {0.3, 2.1, 4.4, 5.9};
}

double amplitude_beyond_degree(const Circuit& c, std::uint64_t seed) {
  const long top = accessible_spectrum(c.encoding_scales()).back().frequency;
  const Eigen::VectorXd grid = equispaced_grid(int(4 * top + 4));
  const Eigen::VectorXd theta = initial_angles(c, seed);
  const Eigen::VectorXd f = grid.unaryExpr([&](double x) { return evaluate(c, theta, x); });
  const Eigen::VectorXd a = amplitude_spectrum(f);
  return a.tail(a.size() - top - 1).maxCoeff();
}

double adjoint_vs_finite_difference(const Circuit& c, std::uint64_t seed, double h) {
  const Eigen::VectorXd theta = initial_angles(c, seed);
  double worst = 0;
  for (double x : kProbeInputs) {
    const auto vg = value_and_gradient(c, theta, x);
    for (int k = 0; k < c.params; ++k) {
      Eigen::VectorXd up = theta, down = theta;
      up(k) += h;
      down(k) -= h;
      const double fd = (evaluate(c, up, x) - evaluate(c, down, x)) / (2 * h);
      worst = std::max(worst, std::abs(vg.gradient(k) - fd));
    }
  }
  return worst;
}

double simulator_vs_matrix_product(const Circuit& c, std::uint64_t seed) {
  const Eigen::VectorXd theta = initial_angles(c, seed);
  double worst = 0;
  for (double x : kProbeInputs)
    worst = std::max(worst, (full_unitary(c, theta, x).col(0) - run(c, theta, x)).norm());
  return worst;
}

LazyComparison lazy_comparison(const Circuit& c, const FourierTarget& target, int points,
                               double learning_rate, int steps, std::uint64_t seed) {
  const Eigen::VectorXd grid = equispaced_grid(points);
  const Eigen::VectorXd y = target.sample(grid);
  Eigen::VectorXd theta = initial_angles(c, seed);
  const auto start = batch_jacobian(c, theta, grid);
  const Eigen::VectorXd r0 = start.values - y;
  const Eigen::VectorXd lazy =
      linearised_residual(tangent_kernel(start.jacobian), r0, learning_rate, steps);
  Eigen::VectorXd r = r0;
  for (int t = 0; t < steps; ++t) {
    const auto batch = batch_jacobian(c, theta, grid);
    r = batch.values - y;
    theta -= learning_rate * (2.0 / points) * batch.jacobian.transpose() * r;
  }
  r = batch_jacobian(c, theta, grid).values - y;
  return {(r - lazy).norm(), (r - r0).norm()};
}

OrderFrequencies qnn_order_frequencies(const Circuit& c, const FourierTarget& target, int points,
                                       const FitOptions& opt, int seeds, std::uint64_t seed) {
  OrderFrequencies out;
  for (int s = 0; s < seeds; ++s) {
    const auto fit = fit_qnn(c, target, points, opt, seed + 1000003ull * s);
    const auto order = learning_order(component_progress(target, fit.history));
    out.by_amplitude += order.by_amplitude / double(seeds);
    out.by_frequency += order.by_frequency / double(seeds);
  }
  return out;
}

OrderFrequencies mlp_order_frequencies(const FourierTarget& target, int points,
                                       const FitOptions& opt, int seeds, std::uint64_t seed) {
  OrderFrequencies out;
  for (int s = 0; s < seeds; ++s) {
    const auto history = fit_mlp(target, points, {}, opt, seed + 1000003ull * s);
    const auto order = learning_order(component_progress(target, history));
    out.by_amplitude += order.by_amplitude / double(seeds);
    out.by_frequency += order.by_frequency / double(seeds);
  }
  return out;
}

}  // namespace assay::qnn_spectral
