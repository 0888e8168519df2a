#include "ode_solvers.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace assay::lowrank_collapse {

OdeSolution rk4(const BatchField& field, Eigen::MatrixXd x, double t0, double t1, int steps) {
  if (steps < 1) throw std::invalid_argument("rk4: needs at least one step");
  const double h = (t1 - t0) / steps;
  for (int s = 0; s < steps; ++s) {
    const double t = t0 + s * h;
    const Eigen::MatrixXd k1 = field(t, x);
    const Eigen::MatrixXd k2 = field(t + h / 2, x + h / 2 * k1);
    const Eigen::MatrixXd k3 = field(t + h / 2, x + h / 2 * k2);
    const Eigen::MatrixXd k4 = field(t + h, x + h * k3);
    x += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
  }
  return {std::move(x), 4 * steps, steps};
}

namespace {

// Dormand & Prince (1980), the RK5(4)7M tableau.
constexpr double c2 = 1.0 / 5, c3 = 3.0 / 10, c4 = 4.0 / 5, c5 = 8.0 / 9;
constexpr double a21 = 1.0 / 5;
constexpr double a31 = 3.0 / 40, a32 = 9.0 / 40;
constexpr double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
constexpr double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561,
                 a54 = -212.0 / 729;
constexpr double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176,
                 a65 = -5103.0 / 18656;
constexpr double b1 = 35.0 / 384, b3 = 500.0 / 1113, b4 = 125.0 / 192, b5 = -2187.0 / 6784,
                 b6 = 11.0 / 84;
// Fifth- minus fourth-order weights: the local error estimate.
constexpr double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200,
                 e6 = 22.0 / 525, e7 = -1.0 / 40;

}  // namespace

OdeSolution dormand_prince(const BatchField& field, Eigen::MatrixXd x, double t0, double t1,
                           const AdaptiveOptions& options) {
  OdeSolution out;
  const double span = t1 - t0;
  double t = t0, h = span / 100;
  Eigen::MatrixXd k1 = field(t, x);
  ++out.evaluations;
  while ((t1 - t) * span > 0) {
    if (out.steps >= options.max_steps)
      throw std::runtime_error("dormand_prince: more than " + std::to_string(options.max_steps) +
                               " steps; loosen rtol/atol");
    if ((t + h - t1) * span > 0) h = t1 - t;
    const Eigen::MatrixXd k2 = field(t + c2 * h, x + h * a21 * k1);
    const Eigen::MatrixXd k3 = field(t + c3 * h, x + h * (a31 * k1 + a32 * k2));
    const Eigen::MatrixXd k4 = field(t + c4 * h, x + h * (a41 * k1 + a42 * k2 + a43 * k3));
    const Eigen::MatrixXd k5 =
        field(t + c5 * h, x + h * (a51 * k1 + a52 * k2 + a53 * k3 + a54 * k4));
    const Eigen::MatrixXd k6 =
        field(t + h, x + h * (a61 * k1 + a62 * k2 + a63 * k3 + a64 * k4 + a65 * k5));
    Eigen::MatrixXd next = x + h * (b1 * k1 + b3 * k3 + b4 * k4 + b5 * k5 + b6 * k6);
    Eigen::MatrixXd k7 = field(t + h, next);
    out.evaluations += 6;
    const Eigen::MatrixXd error = h * (e1 * k1 + e3 * k3 + e4 * k4 + e5 * k5 + e6 * k6 + e7 * k7);
    const Eigen::ArrayXXd scale =
        options.atol + options.rtol * x.array().abs().max(next.array().abs());
    const double norm = std::sqrt((error.array() / scale).square().mean());
    if (norm <= 1) {
      t += h;
      x = std::move(next);
      k1 = std::move(k7);
      ++out.steps;
    }
    // Fifth-order error: the step that would have given norm 1, with a safety factor, changed
    // by at most a factor 5 either way.
    const double factor = norm == 0 ? 5 : std::clamp(0.9 * std::pow(norm, -0.2), 0.2, 5.0);
    h *= factor;
  }
  out.x = std::move(x);
  return out;
}

}  // namespace assay::lowrank_collapse
