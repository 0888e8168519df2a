#include "qnn_fit.hpp"

#include <numbers>
#include <random>

#include "adam.hpp"
#include "fourier_spectrum.hpp"
#include "quantum_tangent_kernel.hpp"

namespace assay::qnn_spectral {

Eigen::VectorXd initial_angles(const Circuit& c, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0, 2 * std::numbers::pi);
  Eigen::VectorXd theta(c.params);
  for (auto& t : theta) t = u(rng);
  return theta;
}

QnnFit fit_qnn(const Circuit& c, const FourierTarget& target, int points, const FitOptions& opt,
               std::uint64_t seed, const std::function<void(double)>& progress) {
  const Eigen::VectorXd grid = equispaced_grid(points);
  const Eigen::VectorXd y = target.sample(grid);
  QnnFit fit;
  fit.initial_theta = fit.theta = initial_angles(c, seed);
  Adam adam(opt.learning_rate);
  for (int step = 0;; ++step) {
    const auto batch = batch_jacobian(c, fit.theta, grid);
    const Eigen::VectorXd r = batch.values - y;
    if (step % opt.record_every == 0 || step == opt.steps) fit.history.record(step, r);
    if (step == opt.steps) break;
    const Eigen::VectorXd gradient = (2.0 / points) * batch.jacobian.transpose() * r;
    if (opt.optimizer == Optimizer::adam)
      adam.step(fit.theta, gradient);
    else
      fit.theta -= opt.learning_rate * gradient;
    if (progress) progress(double(step + 1) / opt.steps);
  }
  return fit;
}

}  // namespace assay::qnn_spectral
