// Conditional flow matching (I-CFM, sigma = 0, as torchcfm's ConditionalFlowMatcher): draw a
// training point x1, noise x0 ~ N(0, I) and t ~ U(0, 1), and regress v(t, x_t) on x1 - x0 at
// x_t = (1 - t) x0 + t x1 with the mean squared error over a batch's entries.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <random>

#include "ode_solvers.hpp"
#include "rank_logged_training.hpp"
#include "velocity_field.hpp"

namespace assay::lowrank_collapse {

struct FlowMatchingOptions {
  FieldShape shape;
  TrainingSchedule schedule;
  int batch = 256;
};

struct FlowMatchingFit {
  VelocityField field;
  SpectralLog log;
};

// Trains a field on the rows of `training`. The seed fixes the initial weights and every
// batch. on_log sees the field at each logged step.
FlowMatchingFit train_flow_matching(
    const Eigen::MatrixXd& training, const FlowMatchingOptions& options, std::uint64_t seed,
    const std::function<void(int step, const VelocityField&)>& on_log = {},
    const Progress& progress = {});

// One I-CFM batch: rows of x_t and t (the field's input) and the targets x1 - x0.
struct CfmBatch {
  Eigen::MatrixXd xt;
  Eigen::VectorXd t;
  Eigen::MatrixXd target;
};
CfmBatch cfm_batch(const Eigen::MatrixXd& x1, std::mt19937_64& rng);

enum class Solver { rk4, dopri5 };
Solver parse_solver(const std::string& name);

struct SamplerOptions {
  Solver solver = Solver::rk4;
  int rk4_steps = 50;
  double tolerance = 1e-5;  // rtol and atol of dopri5
};

// Pushes N(0, I) draws through the field's flow from t = 0 to 1.
OdeSolution sample_flow(const VelocityField& field, int n, const SamplerOptions& options,
                        std::mt19937_64& rng);

}  // namespace assay::lowrank_collapse
