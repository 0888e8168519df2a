#include "flow_matching.hpp"

#include <stdexcept>
#include <string>

#include "random_streams.hpp"

namespace assay::lowrank_collapse {

CfmBatch cfm_batch(const Eigen::MatrixXd& x1, std::mt19937_64& rng) {
  const Eigen::Index n = x1.rows(), d = x1.cols();
  CfmBatch b{Eigen::MatrixXd(n, d), Eigen::VectorXd(n), Eigen::MatrixXd(n, d)};
  for (Eigen::Index i = 0; i < n; ++i) {
    b.t(i) = nn::uniform01(rng);
    for (Eigen::Index j = 0; j < d; ++j) {
      const double x0 = nn::standard_normal(rng);
      b.xt(i, j) = (1 - b.t(i)) * x0 + b.t(i) * x1(i, j);
      b.target(i, j) = x1(i, j) - x0;
    }
  }
  return b;
}

FlowMatchingFit train_flow_matching(const Eigen::MatrixXd& training,
                                    const FlowMatchingOptions& options, std::uint64_t seed,
                                    const std::function<void(int, const VelocityField&)>& on_log,
                                    const Progress& progress) {
  if (training.rows() == 0) throw std::invalid_argument("flow matching: empty training set");
  const int dim = static_cast<int>(training.cols());
  FlowMatchingFit fit{VelocityField(dim, options.shape, seed), {}};
  auto rng = stream_rng(seed, 0xcf3);
  Eigen::MatrixXd x1(options.batch, dim);
  const auto loss = [&](nn::Tape<float>& tape) {
    for (int i = 0; i < options.batch; ++i)
      x1.row(i) = training.row(static_cast<Eigen::Index>(nn::uniform01(rng) * training.rows()));
    const auto b = cfm_batch(x1, rng);
    nn::Mat<float> input(options.batch, dim + 1);
    input.leftCols(dim) = b.xt.cast<float>();
    input.col(dim) = b.t.cast<float>();
    const auto v = fit.field(tape, std::move(input));
    return nn::mean(nn::square(v - tape.constant(b.target.cast<float>())));
  };
  const auto observe = [&](int step) {
    if (on_log) on_log(step, fit.field);
  };
  fit.log = train_with_rank_logs(fit.field.params(), fit.field.weights(), options.schedule, loss,
                                 observe, progress);
  return fit;
}

Solver parse_solver(const std::string& name) {
  if (name == "rk4") return Solver::rk4;
  if (name == "dopri5") return Solver::dopri5;
  throw std::invalid_argument("solver: '" + name + "' is not rk4 or dopri5");
}

OdeSolution sample_flow(const VelocityField& field, int n, const SamplerOptions& options,
                        std::mt19937_64& rng) {
  Eigen::MatrixXd x0 = nn::normal_matrix<double>(n, field.dim(), 1.0, rng);
  const BatchField v = [&](double t, const Eigen::MatrixXd& x) { return field(t, x); };
  if (options.solver == Solver::rk4) return rk4(v, std::move(x0), 0, 1, options.rk4_steps);
  return dormand_prince(v, std::move(x0), 0, 1, {options.tolerance, options.tolerance});
}

}  // namespace assay::lowrank_collapse
