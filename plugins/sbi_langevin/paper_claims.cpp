#include "paper_claims.hpp"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <random>
#include <stdexcept>

#include "annealed_langevin.hpp"
#include "bridging_density.hpp"
#include "composite_score.hpp"

namespace assay::sbi_langevin {

namespace {
GaussianTallModel random_model(int d, int n, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> var(0.3, 3.0);
  std::normal_distribution<double> normal;
  Eigen::VectorXd mu0(d), v0(d), vx(d);
  for (int i = 0; i < d; ++i) {
    mu0[i] = normal(rng);
    v0[i] = var(rng);
    vx[i] = var(rng);
  }
  auto draw = draw_gaussian_tall_data(mu0, v0, vx, n, rng);
  return GaussianTallModel(mu0, v0, vx, draw.observations);
}

Eigen::MatrixXd random_points(int count, int d, std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, 2.0);
  Eigen::MatrixXd theta(count, d);
  for (int r = 0; r < count; ++r)
    for (int i = 0; i < d; ++i) theta(r, i) = normal(rng);
  return theta;
}

// Score of the diffused tall posterior N(mean, diag(var)) at each row of theta.
Eigen::MatrixXd exact_tall_score(const GaussianTallModel& model, const Eigen::MatrixXd& theta,
                                 Diffusion at) {
  const auto law = model.diffused_tall_posterior(at);
  return -((theta.rowwise() - law.mean.transpose()).array().rowwise() / law.var.transpose().array())
              .matrix();
}

// max over rows of |a - b| / |b|.
double max_relative_error(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return ((a - b).rowwise().norm().array() / b.rowwise().norm().array()).maxCoeff();
}

constexpr int kDims[] = {1, 2, 5};
constexpr int kObs[] = {2, 5, 20};
}  // namespace

ScoreExactness measure_score_exactness(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0), middle(0.05, 0.95);
  const VpSchedule schedule;
  ScoreExactness out;
  out.geffner_min_gap = INFINITY;
  for (const int d : kDims)
    for (const int n : kObs)
      for (int trial = 0; trial < 4; ++trial) {
        const auto model = random_model(d, n, rng);
        const Eigen::MatrixXd theta = random_points(16, d, rng);
        const Diffusion any = schedule.at(trial == 0 ? 0.0 : unit(rng));
        out.linhart_max_error =
            std::max(out.linhart_max_error,
                     max_relative_error(CompositeScore(model, ScoreKind::linhart, any)(theta),
                                        exact_tall_score(model, theta, any)));
        const Diffusion zero = schedule.at(0.0);
        out.geffner_max_error_t0 =
            std::max(out.geffner_max_error_t0,
                     max_relative_error(CompositeScore(model, ScoreKind::geffner, zero)(theta),
                                        exact_tall_score(model, theta, zero)));
        const Diffusion mid = schedule.at(middle(rng));
        out.geffner_min_gap =
            std::min(out.geffner_min_gap,
                     max_relative_error(CompositeScore(model, ScoreKind::geffner, mid)(theta),
                                        exact_tall_score(model, theta, mid)));
      }
  return out;
}

double bridging_precision_jacobian_error(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const VpSchedule schedule;
  constexpr double kStep = 1e-3;  // exact for affine scores up to round-off
  double worst = 0;
  for (const int d : kDims)
    for (const int n : kObs)
      for (const auto kind : {ScoreKind::geffner, ScoreKind::linhart}) {
        const auto model = random_model(d, n, rng);
        const Diffusion at = schedule.at(unit(rng));
        const CompositeScore score(model, kind, at);
        const Eigen::MatrixXd theta = random_points(1, d, rng);
        Eigen::MatrixXd jacobian(d, d);
        for (int i = 0; i < d; ++i) {
          Eigen::MatrixXd up = theta, down = theta;
          up(0, i) += kStep;
          down(0, i) -= kStep;
          jacobian.col(i) = (score(up) - score(down)).transpose() / (2 * kStep);
        }
        const Eigen::VectorXd precision = bridging_density(model, kind, at).precision;
        const Eigen::MatrixXd closed_form = -precision.asDiagonal().toDenseMatrix();
        worst =
            std::max(worst, (jacobian - closed_form).cwiseAbs().maxCoeff() / precision.maxCoeff());
      }
  return worst;
}

MonteCarloAgreement ula_recursion_vs_monte_carlo(std::uint64_t seed, int chains) {
  std::mt19937_64 rng(seed);
  constexpr int kDim = 3, kObsCount = 5;
  const Eigen::VectorXd v0 = spread_variances(kDim, 1.0, 4.0, false);
  const Eigen::VectorXd vx = spread_variances(kDim, 2.0, 4.0, true);
  const auto draw = draw_gaussian_tall_data(Eigen::VectorXd::Zero(kDim), v0, vx, kObsCount, rng);
  const GaussianTallModel model(Eigen::VectorXd::Zero(kDim), v0, vx, draw.observations);
  const Eigen::MatrixXd errors = random_score_errors(kObsCount, kDim, 0.05, rng);
  MonteCarloAgreement out;
  for (const auto kind : {ScoreKind::geffner, ScoreKind::linhart}) {
    TuningRequest request;
    request.kind = kind;
    request.epsilon = 0.2;
    request.levels = 6;
    std::vector<LevelStep> schedule;
    for (const auto& l : tune_langevin(model, request).levels)
      schedule.push_back({l.alpha, l.step_size, l.steps});
    const auto laws = annealed_ula_laws(model, kind, schedule, errors);
    const auto run = run_annealed_langevin(model, kind, schedule, errors, chains, rng);
    for (std::size_t l = 0; l < laws.size(); ++l) {
      const Eigen::VectorXd mean = run.levels[l].mean();
      const Eigen::MatrixXd cov = run.levels[l].covariance();
      const Eigen::VectorXd& v = laws[l].var;
      for (int i = 0; i < kDim; ++i) {
        const double z_mean = (mean[i] - laws[l].mean[i]) / std::sqrt(v[i] / chains);
        out.max_abs_z = std::max(out.max_abs_z, std::abs(z_mean));
        for (int k = 0; k <= i; ++k) {
          // sd of a sample (co)variance of a Gaussian: v sqrt(2/(N-1)) on the diagonal,
          // sqrt(v_i v_k / (N-1)) off it (the exact law has no correlations).
          const double expected = i == k ? v[i] : 0.0;
          const double sd =
              i == k ? v[i] * std::sqrt(2.0 / (chains - 1)) : std::sqrt(v[i] * v[k] / (chains - 1));
          out.max_abs_z = std::max(out.max_abs_z, std::abs(cov(i, k) - expected) / sd);
        }
        out.comparisons += 2 + i;
      }
    }
  }
  const boost::math::normal normal;
  out.z_limit =
      boost::math::quantile(boost::math::complement(normal, 0.001 / (2.0 * out.comparisons)));
  return out;
}

std::vector<GridComparison> compare_scores_on_grid(double relative_epsilon,
                                                   double relative_score_error, int common_levels,
                                                   std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<GridComparison> grid;
  for (const int d : {1, 5, 20})
    for (const int n : {1, 10, 100})
      for (const double ratio : {0.1, 1.0, 10.0})
        for (const double anisotropy : {1.0, 4.0}) {
          if (d == 1 && anisotropy != 1.0) continue;
          const Eigen::VectorXd v0 = spread_variances(d, 1.0, anisotropy, false);
          const Eigen::VectorXd vx = spread_variances(d, ratio, anisotropy, true);
          const auto draw = draw_gaussian_tall_data(Eigen::VectorXd::Zero(d), v0, vx, n, rng);
          const GaussianTallModel model(Eigen::VectorXd::Zero(d), v0, vx, draw.observations);
          GridComparison row;
          row.point = {d, n, ratio, anisotropy,
                       relative_epsilon * std::sqrt(model.tall_posterior().var.sum())};
          TuningRequest request;
          request.epsilon = row.point.epsilon;
          request.score_error = relative_score_error * row.point.epsilon;
          const auto plan = [&](ScoreKind kind, std::optional<int> levels, bool& feasible) {
            request.kind = kind;
            request.levels = levels;
            try {
              return tune_langevin(model, request);
            } catch (const std::domain_error&) {
              feasible = false;
              return TuningPlan{};
            }
          };
          row.geffner = plan(ScoreKind::geffner, std::nullopt, row.geffner_feasible);
          row.linhart = plan(ScoreKind::linhart, std::nullopt, row.linhart_feasible);
          row.geffner_common = plan(ScoreKind::geffner, common_levels, row.geffner_feasible);
          row.linhart_common = plan(ScoreKind::linhart, common_levels, row.linhart_feasible);
          grid.push_back(std::move(row));
        }
  return grid;
}

double min_step_ratio(const std::vector<GridComparison>& grid) {
  double worst = INFINITY;
  for (const auto& row : grid) {
    if (!row.geffner_feasible || !row.linhart_feasible) continue;
    for (std::size_t l = 0; l < row.geffner_common.levels.size(); ++l)
      worst = std::min(
          worst, row.linhart_common.levels[l].step_size / row.geffner_common.levels[l].step_size);
  }
  return worst;
}

TotalStepsComparison compare_total_steps(const std::vector<GridComparison>& grid) {
  TotalStepsComparison out;
  for (const auto& row : grid) {
    if (!row.geffner_feasible || !row.linhart_feasible) continue;
    ++out.points_compared;
    out.max_ratio = std::max(out.max_ratio, static_cast<double>(row.linhart.total_steps) /
                                                static_cast<double>(row.geffner.total_steps));
    if (row.linhart.total_steps > row.geffner.total_steps)
      out.linhart_needs_more.push_back(row.point);
  }
  return out;
}

double worst_bound_ratio(const std::vector<GridComparison>& grid) {
  double worst = 0;
  const auto visit = [&](const TuningPlan& plan, double epsilon) {
    worst = std::max({worst, plan.w2_exact / plan.w2_bound, plan.w2_bound / epsilon});
  };
  for (const auto& row : grid) {
    if (row.geffner_feasible) {
      visit(row.geffner, row.point.epsilon);
      visit(row.geffner_common, row.point.epsilon);
    }
    if (row.linhart_feasible) {
      visit(row.linhart, row.point.epsilon);
      visit(row.linhart_common, row.point.epsilon);
    }
  }
  return worst;
}

double worst_bound_ratio_with_and_without_score_errors(std::uint64_t seed) {
  double worst = 0;
  for (const double relative_score_error : {0.0, 0.02})
    worst = std::max(
        worst, worst_bound_ratio(compare_scores_on_grid(0.1, relative_score_error, 20, seed)));
  return worst;
}

MixtureTransferClaim measure_mixture_transfer(std::uint64_t seed) {
  MixtureTransferClaim out;
  const auto run = [&](ScoreKind kind) {
    MixtureTransferSetup setup;
    setup.kind = kind;
    out.epsilon = setup.epsilon;
    std::mt19937_64 rng(seed);  // the same problem and data for both scores
    return run_mixture_transfer(setup, rng);
  };
  out.geffner = run(ScoreKind::geffner);
  out.linhart = run(ScoreKind::linhart);
  out.worst_excess = std::max(out.geffner.sliced_w2_scaled - out.geffner.floor_scaled,
                              out.linhart.sliced_w2_scaled - out.linhart.floor_scaled);
  return out;
}

}  // namespace assay::sbi_langevin
