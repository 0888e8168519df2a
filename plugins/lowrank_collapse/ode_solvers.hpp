// Integrators for dx/dt = v(t, x) applied to a batch of points at once (one point per row):
// how samples are drawn from a flow-matching velocity field.
#pragma once

#include <Eigen/Core>
#include <functional>

namespace assay::lowrank_collapse {

using BatchField = std::function<Eigen::MatrixXd(double t, const Eigen::MatrixXd& x)>;

struct OdeSolution {
  Eigen::MatrixXd x;    // the state at t1
  int evaluations = 0;  // calls of the field
  int steps = 0;        // accepted steps
};

// Classical fourth-order Runge-Kutta with `steps` equal steps from t0 to t1.
OdeSolution rk4(const BatchField& field, Eigen::MatrixXd x, double t0, double t1, int steps);

struct AdaptiveOptions {
  double rtol = 1e-5;
  double atol = 1e-5;
  int max_steps = 100000;  // throws std::runtime_error beyond
};

// Dormand-Prince 5(4) with the first-same-as-last property and the standard step-size
// controller; the error is the RMS over all entries of the batch, scaled by atol + rtol |x|.
OdeSolution dormand_prince(const BatchField& field, Eigen::MatrixXd x, double t0, double t1,
                           const AdaptiveOptions& options);

}  // namespace assay::lowrank_collapse
