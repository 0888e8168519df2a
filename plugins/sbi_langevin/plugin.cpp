// The sbi_langevin plugin: SDK glue around the science in this folder (Touron et al., 2026).
#include <assay/sdk.hpp>
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "annealed_langevin.hpp"
#include "gaussian_tall_model.hpp"
#include "langevin_tuning.hpp"
#include "mixture_transfer.hpp"
#include "paper_claims.hpp"
#include "wasserstein.hpp"

namespace {

namespace sl = assay::sbi_langevin;

constexpr const char* kPaper =
    "C. Touron, G. V. Cardoso, J. Arbel, P. L. C. Rodrigues (2026). Theoretical guidelines for "
    "annealed Langevin dynamics in compositional simulation-based inference. arXiv:2605.21253";

std::vector<double> to_std(const Eigen::VectorXd& v) { return {v.data(), v.data() + v.size()}; }

const std::vector<double>& real_column(const assay::Table& table, const std::string& name) {
  for (std::size_t c = 0; c < table.names.size(); ++c)
    if (table.names[c] == name) {
      if (const auto* col = std::get_if<std::vector<double>>(&table.columns[c])) return *col;
      throw assay::Error("model table: column '" + name + "' is not real");
    }
  throw assay::Error("model table: no column '" + name +
                     "'; connect the `model` output of gaussian_tall_model");
}

Eigen::VectorXd column_vector(const assay::Table& table, const std::string& name) {
  const auto& col = real_column(table, name);
  return Eigen::Map<const Eigen::VectorXd>(col.data(), static_cast<Eigen::Index>(col.size()));
}

sl::GaussianTallModel model_from_inputs(const assay::Context& ctx) {
  const auto table = ctx.input<assay::Table>("model");
  return sl::GaussianTallModel(column_vector(table, "prior_mean"),
                               column_vector(table, "prior_var"), column_vector(table, "noise_var"),
                               ctx.input<Eigen::MatrixXd>("observations"));
}

std::string scientific(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", x);
  return buffer;
}

// ---------------------------------------------------------------------------------------------
assay::MethodInfo gaussian_tall_model_info() {
  return assay::method("gaussian_tall_model",
                       "Gaussian tall-data problem: theta ~ N(mu0, v0), x_j ~ N(theta, vx)")
      .cite(kPaper)
      .param<int>("dim", 2, "dimension d of theta", assay::range(1, 1000))
      .param<int>("n_obs", 10, "number n of i.i.d. observations", assay::range(1, 100000))
      .param<double>("prior_mean", 0.0, "prior mean, every coordinate")
      .param<double>("prior_var", 1.0, "prior variance (geometric mean over coordinates)",
                     assay::range(1e-12, 1e12))
      .param<double>("noise_var", 1.0, "observation noise variance (geometric mean)",
                     assay::range(1e-12, 1e12))
      .param<double>("anisotropy", 1.0,
                     "per-coordinate variant: prior variances run geometrically from "
                     "prior_var/sqrt(a) to prior_var*sqrt(a), noise variances the other way; "
                     "1 = isotropic",
                     assay::range(1.0, 1e6))
      .output<Eigen::VectorXd>("theta_true", "the parameter the observations were drawn from")
      .output<Eigen::MatrixXd>("observations", "n x d observations")
      .output<Eigen::VectorXd>("posterior_mean", "exact tall-posterior mean")
      .output<Eigen::MatrixXd>("posterior_cov", "exact tall-posterior covariance (diagonal)")
      .output<assay::Table>("model", "prior_mean, prior_var, noise_var per coordinate");
}

void gaussian_tall_model(assay::Context& ctx) {
  const int d = ctx.param<int>("dim");
  const double a = ctx.param<double>("anisotropy");
  const Eigen::VectorXd mu0 = Eigen::VectorXd::Constant(d, ctx.param<double>("prior_mean"));
  const Eigen::VectorXd v0 = sl::spread_variances(d, ctx.param<double>("prior_var"), a, false);
  const Eigen::VectorXd vx = sl::spread_variances(d, ctx.param<double>("noise_var"), a, true);
  auto rng = ctx.rng();
  auto draw = sl::draw_gaussian_tall_data(mu0, v0, vx, ctx.param<int>("n_obs"), rng);
  const sl::GaussianTallModel model(mu0, v0, vx, draw.observations);
  const auto post = model.tall_posterior();
  assay::Table table;
  table.add("prior_mean", to_std(mu0)).add("prior_var", to_std(v0)).add("noise_var", to_std(vx));
  ctx.output("theta_true", draw.theta);
  ctx.output("observations", draw.observations);
  ctx.output("posterior_mean", post.mean);
  ctx.output("posterior_cov", Eigen::MatrixXd(post.var.asDiagonal()));
  ctx.output("model", std::move(table));
}

// ---------------------------------------------------------------------------------------------
assay::CheckResult check_linhart_exact(const assay::CheckContext& ctx) {
  const auto m = sl::measure_score_exactness(ctx.seed);
  return assay::expect_at_most(
      m.linhart_max_error, 1e-9,
      "max relative error of Linhart's composite score against the exact "
      "diffused tall-posterior score, random models, theta and t in [0, 1] "
      "(round-off is ~1e-14)");
}

assay::CheckResult check_geffner_inexact(const assay::CheckContext& ctx) {
  const auto m = sl::measure_score_exactness(ctx.seed);
  if (m.geffner_max_error_t0 > 1e-9)
    return assay::expect_at_most(m.geffner_max_error_t0, 1e-9,
                                 "Geffner's score at t = 0 should be the exact posterior score");
  return assay::expect_at_least(
      m.geffner_min_gap, 1e-6,
      "smallest relative gap between Geffner's composite score and the exact diffused score over "
      "random models and t in [0.05, 0.95] (exact at t = 0 to " +
          scientific(m.geffner_max_error_t0) + "); round-off is ~1e-14");
}

assay::CheckResult check_jacobian(const assay::CheckContext& ctx) {
  return assay::expect_at_most(
      sl::bridging_precision_jacobian_error(ctx.seed), 1e-7,
      "max |J + P| / max P, J the central-difference Jacobian of the composite "
      "score, P the closed-form bridging precision (exact for affine scores "
      "up to round-off ~1e-12)");
}

assay::CheckResult check_larger_steps(const assay::CheckContext& ctx) {
  const auto grid = sl::compare_scores_on_grid(0.1, 0.0, 20, ctx.seed);
  return assay::expect_at_least(sl::min_step_ratio(grid), 1.0 - 1e-9,
                                "min over the grid (d 1/5/20, n 1/10/100, vx/v0 0.1/1/10, "
                                "anisotropy 1/4) and 20 common levels of h_linhart / h_geffner");
}

std::string grid_point_label(const sl::GridPoint& p) {
  return "d " + std::to_string(p.dim) + " n " + std::to_string(p.n_obs) + " vx/v0 " +
         scientific(p.noise_to_prior) + " aniso " + scientific(p.anisotropy);
}

assay::CheckResult check_fewer_steps(const assay::CheckContext& ctx) {
  const auto steps = sl::compare_total_steps(sl::compare_scores_on_grid(0.1, 0.0, 20, ctx.seed));
  std::string detail =
      "max over the grid of K_linhart / K_geffner (total steps, each score with "
      "its warm-start levels); Linhart needs more at " +
      std::to_string(steps.linhart_needs_more.size()) + " of " +
      std::to_string(steps.points_compared) + " points";
  for (const auto& p : steps.linhart_needs_more) detail += "; " + grid_point_label(p);
  return assay::expect_at_most(steps.max_ratio, 1.0, detail);
}

assay::CheckResult check_bound(const assay::CheckContext& ctx) {
  return assay::expect_at_most(sl::worst_bound_ratio_with_and_without_score_errors(ctx.seed), 1.0,
                               "max over the grid, both scores, score_error 0 and 0.02 epsilon, "
                               "own and 20 common levels, of max(w2_exact / w2_bound, "
                               "w2_bound / epsilon)");
}

assay::MethodInfo langevin_tuning_info() {
  return assay::method("langevin_tuning",
                       "Step size, steps per level and levels of annealed Langevin from a W2 "
                       "bound, in closed form on the Gaussian tall model")
      .cite(kPaper)
      .input<assay::Table>("model", "`model` of gaussian_tall_model")
      .input<Eigen::MatrixXd>("observations", "n x d observations")
      .choice("score", "linhart", {"geffner", "linhart"}, "composite score")
      .param<double>("epsilon", 0.1, "target W2 to the tall posterior", assay::range(1e-12, 1e12))
      .param<double>("score_error", 0.0,
                     "bound on |s_hat_j - s_j| for every single-observation score (0: exact)",
                     assay::range(0.0, 1e12))
      .param<int>("levels", 0, "number of levels; 0: warm-start rule", assay::range(0, 16384))
      .output<Eigen::VectorXd>("alpha", "per level: alpha_t of the VP diffusion")
      .output<Eigen::VectorXd>("precision_min", "per level: smallest bridging precision")
      .output<Eigen::VectorXd>("precision_max", "per level: largest bridging precision")
      .output<Eigen::VectorXd>("step_size", "per level: ULA step size h")
      .output<std::vector<std::int64_t>>("steps", "per level: number of ULA steps K")
      .output<Eigen::VectorXd>("level_w2_bound", "per level: the bound E_l on W2 to pi_l")
      .output<std::int64_t>("levels", "number of levels")
      .output<std::int64_t>("total_steps", "sum of the steps over levels")
      .output<double>("w2_bound", "W2 to the posterior the bound guarantees (<= epsilon)")
      .output<double>("w2_exact", "exact W2 to the posterior of the ULA law under the plan")
      .check("linhart_score_is_exact",
             "With exact Gaussian scores, Linhart's composite score is the exact score of the "
             "diffused tall posterior at every t.",
             check_linhart_exact)
      .check("geffner_score_is_exact_only_at_t0",
             "Geffner's composite score is not the score of the diffused tall posterior, except "
             "at t = 0.",
             check_geffner_inexact)
      .check("precision_is_score_jacobian",
             "Each level's bridging density is Gaussian with precision equal to minus the "
             "Jacobian of the composite score.",
             check_jacobian)
      .check("linhart_admits_larger_steps",
             "In the Gaussian case Linhart's bridging densities admit step sizes at least as large "
             "as Geffner's at every level.",
             check_larger_steps)
      .check("linhart_needs_fewer_total_steps",
             "In the Gaussian case Linhart's bridging densities need no more total Langevin steps "
             "than Geffner's.",
             check_fewer_steps)
      .check("rule_guarantees_epsilon",
             "Following the decision rules, the exact W2 to the posterior is at most the bound, "
             "which is at most epsilon.",
             check_bound);
}

void langevin_tuning(assay::Context& ctx) {
  const auto model = model_from_inputs(ctx);
  sl::TuningRequest request;
  request.kind = sl::parse_score_kind(ctx.param<std::string>("score"));
  request.epsilon = ctx.param<double>("epsilon");
  request.score_error = ctx.param<double>("score_error");
  request.levels = ctx.param<int>("levels");
  sl::TuningPlan plan;
  try {
    plan = sl::tune_langevin(model, request);
  } catch (const std::domain_error& e) {
    throw assay::Error(std::string("langevin_tuning: ") + e.what() +
                       "; raise epsilon or lower score_error");
  }
  const auto n = static_cast<Eigen::Index>(plan.levels.size());
  Eigen::VectorXd alpha(n), pmin(n), pmax(n), h(n), bound(n);
  std::vector<std::int64_t> steps(plan.levels.size());
  for (Eigen::Index l = 0; l < n; ++l) {
    const auto& level = plan.levels[l];
    alpha[l] = level.alpha;
    pmin[l] = level.precision_min;
    pmax[l] = level.precision_max;
    h[l] = level.step_size;
    bound[l] = level.w2_bound;
    steps[l] = level.steps;
  }
  ctx.output("alpha", alpha);
  ctx.output("precision_min", pmin);
  ctx.output("precision_max", pmax);
  ctx.output("step_size", h);
  ctx.output("steps", std::move(steps));
  ctx.output("level_w2_bound", bound);
  ctx.output("levels", static_cast<std::int64_t>(n));
  ctx.output("total_steps", plan.total_steps);
  ctx.output("w2_bound", plan.w2_bound);
  ctx.output("w2_exact", plan.w2_exact);
}

// ---------------------------------------------------------------------------------------------
assay::CheckResult check_monte_carlo(const assay::CheckContext& ctx) {
  const auto agreement = sl::ula_recursion_vs_monte_carlo(ctx.seed, 4000);
  return assay::expect_at_most(
      agreement.max_abs_z, agreement.z_limit,
      "max |z| of " + std::to_string(agreement.comparisons) +
          " per-level means, variances and covariances of 4000 chains against the exact ULA "
          "recursion; limit = Bonferroni 0.1% family-wise");
}

std::vector<sl::LevelStep> schedule_from(const assay::Context& ctx) {
  std::vector<sl::LevelStep> schedule;
  if (ctx.has_input("step_size")) {
    if (!ctx.has_input("alpha") || !ctx.has_input("steps"))
      throw assay::Error("annealed_langevin: connect alpha, step_size and steps together");
    const auto alpha = ctx.input<Eigen::VectorXd>("alpha");
    const auto h = ctx.input<Eigen::VectorXd>("step_size");
    const auto steps = ctx.input<std::vector<std::int64_t>>("steps");
    if (alpha.size() != h.size() || static_cast<std::size_t>(h.size()) != steps.size())
      throw assay::Error("annealed_langevin: alpha, step_size and steps differ in length");
    for (Eigen::Index l = 0; l < h.size(); ++l) schedule.push_back({alpha[l], h[l], steps[l]});
    return schedule;
  }
  const sl::VpSchedule vp;
  for (const double t : sl::level_times(ctx.param<int>("levels")))
    schedule.push_back({vp.at(t).alpha, ctx.param<double>("step_size"), ctx.param<int>("steps")});
  return schedule;
}

assay::MethodInfo annealed_langevin_info() {
  return assay::method("annealed_langevin",
                       "Annealed unadjusted Langevin on a compositional score, Monte Carlo")
      .cite(kPaper)
      .input<assay::Table>("model", "`model` of gaussian_tall_model")
      .input<Eigen::MatrixXd>("observations", "n x d observations")
      .optional_input<Eigen::VectorXd>("alpha", "per-level alpha (from langevin_tuning)")
      .optional_input<Eigen::VectorXd>("step_size", "per-level step size (from langevin_tuning)")
      .optional_input<std::vector<std::int64_t>>("steps", "per-level steps (from langevin_tuning)")
      .choice("score", "linhart", {"geffner", "linhart"}, "composite score")
      .param<int>("n_samples", 1000, "number of chains", assay::range(2, 10000000))
      .param<int>("levels", 20, "fixed schedule: levels (ignored with a connected schedule)",
                  assay::range(1, 16384))
      .param<double>("step_size", 0.01, "fixed schedule: step size", assay::range(1e-12, 1e3))
      .param<int>("steps", 50, "fixed schedule: steps per level", assay::range(1, 1000000000))
      .param<double>("score_noise", 0.0,
                     "size of a constant error added to each single-observation score, in a "
                     "random direction per observation",
                     assay::range(0.0, 1e12))
      .output<Eigen::MatrixXd>("samples", "n_samples x d, after the last level")
      .output<assay::Table>("trace",
                            "per level: empirical mean_i, var_i, max |off-diagonal cov| and the "
                            "exact ULA law's exact_mean_i, exact_var_i")
      .output<Eigen::MatrixXd>("trace_mean", "levels x d: empirical mean of the chains per level")
      .output<assay::RealArray>("trace_cov",
                                "levels x d x d: empirical covariance of the chains per level")
      .output<double>("w2_gaussian_fit", "W2 from the samples' Gaussian fit to the posterior")
      .output<double>("w2_exact", "exact W2 from the ULA law (same score errors) to the posterior")
      .output<std::int64_t>("total_steps", "sum of the steps over levels")
      .check("ula_recursion_matches_monte_carlo",
             "ULA on a Gaussian bridging density from a Gaussian start stays Gaussian, with mean "
             "and covariance given by the exact recursion.",
             check_monte_carlo);
}

// Blocks of chains spread over the host's threads; each block owns its rows and random stream.
void run_blocks_in_parallel(int blocks, const std::function<void(int)>& run_block) {
  assay::parallel_for(static_cast<std::size_t>(blocks), 1, [&](std::size_t b0, std::size_t b1) {
    for (std::size_t b = b0; b < b1; ++b) run_block(static_cast<int>(b));
  });
}

Eigen::MatrixXd trace_means(const std::vector<sl::LevelMoments>& moments) {
  Eigen::MatrixXd out(static_cast<Eigen::Index>(moments.size()), moments.front().sum.size());
  for (std::size_t l = 0; l < moments.size(); ++l)
    out.row(static_cast<Eigen::Index>(l)) = moments[l].mean().transpose();
  return out;
}

// levels x d x d, row-major: [l][i][k] = the empirical covariance of coordinates i and k.
assay::RealArray trace_covariances(const std::vector<sl::LevelMoments>& moments) {
  const auto d = static_cast<std::size_t>(moments.front().sum.size());
  assay::RealArray out{{moments.size(), d, d}, {}};
  out.data.reserve(moments.size() * d * d);
  for (const auto& m : moments) {
    const Eigen::MatrixXd c = m.covariance();
    for (std::size_t i = 0; i < d; ++i)
      for (std::size_t k = 0; k < d; ++k)
        out.data.push_back(c(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(k)));
  }
  return out;
}

assay::Table trace_table(const std::vector<sl::LevelStep>& schedule,
                         const std::vector<sl::LevelMoments>& moments,
                         const std::vector<sl::DiagonalGaussian>& laws) {
  const auto levels = schedule.size();
  const auto d = laws.front().mean.size();
  std::vector<std::int64_t> index(levels), steps(levels);
  std::vector<double> alpha(levels), h(levels), offdiag(levels);
  std::vector<std::vector<double>> mean(d, std::vector<double>(levels)),
      var = mean, exact_mean = mean, exact_var = mean;
  for (std::size_t l = 0; l < levels; ++l) {
    index[l] = static_cast<std::int64_t>(l);
    alpha[l] = schedule[l].alpha;
    h[l] = schedule[l].step_size;
    steps[l] = schedule[l].steps;
    const Eigen::VectorXd m = moments[l].mean();
    const Eigen::MatrixXd c = moments[l].covariance();
    offdiag[l] = (c - Eigen::MatrixXd(c.diagonal().asDiagonal())).cwiseAbs().maxCoeff();
    for (Eigen::Index i = 0; i < d; ++i) {
      mean[i][l] = m[i];
      var[i][l] = c(i, i);
      exact_mean[i][l] = laws[l].mean[i];
      exact_var[i][l] = laws[l].var[i];
    }
  }
  assay::Table table;
  table.add("level", index).add("alpha", alpha).add("step_size", h).add("steps", steps);
  for (Eigen::Index i = 0; i < d; ++i) {
    const auto s = std::to_string(i);
    table.add("mean_" + s, mean[i]).add("var_" + s, var[i]);
    table.add("exact_mean_" + s, exact_mean[i]).add("exact_var_" + s, exact_var[i]);
  }
  table.add("cov_offdiag_max", offdiag);
  return table;
}

void annealed_langevin(assay::Context& ctx) {
  const auto model = model_from_inputs(ctx);
  const auto kind = sl::parse_score_kind(ctx.param<std::string>("score"));
  const auto schedule = schedule_from(ctx);
  auto error_rng = ctx.rng(0);
  const Eigen::MatrixXd errors = sl::random_score_errors(
      model.n_obs(), model.dim(), ctx.param<double>("score_noise"), error_rng);
  std::vector<sl::DiagonalGaussian> laws;
  try {
    laws = sl::annealed_ula_laws(model, kind, schedule, errors);
  } catch (const std::domain_error& e) {
    throw assay::Error(std::string("annealed_langevin: ") + e.what() +
                       "; lower step_size or connect langevin_tuning's schedule");
  }

  const int chains = ctx.param<int>("n_samples");
  std::vector<assay::Rng> rngs;
  for (int b = 0; b < sl::chain_block_count(chains); ++b)
    rngs.push_back(ctx.rng(1 + static_cast<std::uint64_t>(b)));
  std::int64_t total = 0, done = 0;
  for (const auto& level : schedule) total += level.steps;
  const auto run = sl::run_annealed_langevin(
      model, kind, schedule, errors, sl::initial_chain_blocks(chains, model.dim(), std::move(rngs)),
      run_blocks_in_parallel,
      [&](std::size_t l) {
        done += schedule[l].steps;
        ctx.progress(static_cast<double>(done) / static_cast<double>(total));
        ctx.throw_if_cancelled();
      },
      [&] { return ctx.cancelled(); });
  const auto post = model.tall_posterior();
  const auto fit = sl::sample_moments(run.samples);
  ctx.output("trace", trace_table(schedule, run.levels, laws));
  ctx.output("trace_mean", trace_means(run.levels));
  ctx.output("trace_cov", trace_covariances(run.levels));
  ctx.output("w2_gaussian_fit",
             sl::w2_gaussian(fit.mean, fit.cov, post.mean, post.var.asDiagonal().toDenseMatrix()));
  ctx.output("w2_exact", sl::w2_diagonal(laws.back(), post));
  ctx.output("total_steps", total);
  ctx.output("samples", run.samples);
}

// ---------------------------------------------------------------------------------------------
assay::MethodInfo gaussian_w2_info() {
  return assay::method("gaussian_w2",
                       "W2 between the Gaussian fit of samples and a reference Gaussian")
      .input<Eigen::MatrixXd>("samples", "N x d samples")
      .input<Eigen::VectorXd>("mean", "reference mean")
      .input<Eigen::MatrixXd>("cov", "reference covariance")
      .param<int>("bootstrap", 100, "bootstrap resamples for the standard error (0: none)",
                  assay::range(0, 100000))
      .output<double>("w2", "W2(N(sample mean, sample cov), N(mean, cov))")
      .output<double>("w2_se", "bootstrap standard error of w2");
}

void gaussian_w2(assay::Context& ctx) {
  const auto samples = ctx.input<Eigen::MatrixXd>("samples");
  const auto mean = ctx.input<Eigen::VectorXd>("mean");
  const auto cov = ctx.input<Eigen::MatrixXd>("cov");
  if (samples.cols() != mean.size() || cov.rows() != mean.size() || cov.cols() != mean.size())
    throw assay::Error("gaussian_w2: samples, mean and cov disagree on the dimension");
  if (samples.rows() < 2) throw assay::Error("gaussian_w2: need at least two samples");
  auto rng = ctx.rng();
  const auto w = sl::w2_gaussian_fit(samples, mean, cov, ctx.param<int>("bootstrap"), rng);
  ctx.output("w2", w.w2);
  ctx.output("w2_se", w.se);
}

// ---------------------------------------------------------------------------------------------
assay::CheckResult check_mixture(const assay::CheckContext& ctx) {
  const auto m = sl::measure_mixture_transfer(ctx.seed);
  return assay::expect_at_most(
      m.worst_excess, m.epsilon,
      "max over scores of sqrt(d) SW2(samples, exact) - sqrt(d) SW2(exact', exact) on a "
      "3-component mixture prior, d 2, n 10, epsilon " +
          scientific(m.epsilon) + ": geffner " + scientific(m.geffner.sliced_w2_scaled) +
          " (floor " + scientific(m.geffner.floor_scaled) + ") linhart " +
          scientific(m.linhart.sliced_w2_scaled) + " (floor " + scientific(m.linhart.floor_scaled) +
          ")");
}

assay::MethodInfo mixture_tall_langevin_info() {
  return assay::method("mixture_tall_langevin",
                       "Gaussian-derived tuning run on a Gaussian-mixture-prior tall model; "
                       "sliced W2 to exact posterior draws")
      .cite(kPaper)
      .param<int>("dim", 2, "dimension d of theta", assay::range(1, 50))
      .param<int>("n_obs", 10, "number of observations", assay::range(1, 10000))
      .param<int>("components", 3, "prior mixture components", assay::range(1, 100))
      .param<double>("separation", 3.0, "distance of component means from 0",
                     assay::range(0.0, 1e6))
      .param<double>("component_var", 1.0, "variance of each component", assay::range(1e-9, 1e9))
      .param<double>("noise_var", 1.0, "observation noise variance", assay::range(1e-9, 1e9))
      .choice("score", "linhart", {"geffner", "linhart"}, "composite score")
      .param<double>("epsilon", 0.2, "target W2 handed to the Gaussian tuning rule",
                     assay::range(1e-9, 1e9))
      .param<int>("levels", 0, "levels; 0: warm-start rule on the surrogate",
                  assay::range(0, 16384))
      .param<int>("n_samples", 2000, "chains and exact draws", assay::range(2, 1000000))
      .param<int>("projections", 200, "random directions of the sliced W2", assay::range(1, 100000))
      .output<std::int64_t>("levels", "levels chosen on the Gaussian surrogate")
      .output<std::int64_t>("total_steps", "total ULA steps")
      .output<double>("surrogate_w2_bound", "the rule's bound on the Gaussian surrogate")
      .output<double>("sliced_w2", "sqrt(d) SW2(samples, exact posterior draws), <= W2")
      .output<double>("sliced_w2_floor", "sqrt(d) SW2 between two exact draws: the MC floor")
      .output<Eigen::MatrixXd>("samples", "annealed Langevin samples")
      .output<Eigen::MatrixXd>("posterior_samples", "exact tall-posterior draws")
      .check("tuning_transfers_to_mixture",
             "The tuning derived in the Gaussian setting reaches the prescribed accuracy on a "
             "non-Gaussian (mixture-prior) problem.",
             check_mixture);
}

void mixture_tall_langevin(assay::Context& ctx) {
  sl::MixtureTransferSetup setup;
  setup.dim = ctx.param<int>("dim");
  setup.n_obs = ctx.param<int>("n_obs");
  setup.components = ctx.param<int>("components");
  setup.separation = ctx.param<double>("separation");
  setup.component_var = ctx.param<double>("component_var");
  setup.noise_var = ctx.param<double>("noise_var");
  setup.kind = sl::parse_score_kind(ctx.param<std::string>("score"));
  setup.epsilon = ctx.param<double>("epsilon");
  setup.levels = ctx.param<int>("levels");
  setup.chains = ctx.param<int>("n_samples");
  setup.projections = ctx.param<int>("projections");
  auto rng = ctx.rng();
  sl::MixtureTransferResult r;
  try {
    r = sl::run_mixture_transfer(setup, rng);
  } catch (const std::domain_error& e) {
    throw assay::Error(std::string("mixture_tall_langevin: ") + e.what() + "; raise epsilon");
  }
  ctx.output("levels", static_cast<std::int64_t>(r.levels));
  ctx.output("total_steps", r.total_steps);
  ctx.output("surrogate_w2_bound", r.surrogate_w2_bound);
  ctx.output("sliced_w2", r.sliced_w2_scaled);
  ctx.output("sliced_w2_floor", r.floor_scaled);
  ctx.output("samples", std::move(r.samples));
  ctx.output("posterior_samples", std::move(r.reference));
}

}  // namespace

ASSAY_PLUGIN("sbi_langevin", "0.1.0",
             assay::export_method(gaussian_tall_model_info(), gaussian_tall_model),
             assay::export_method(langevin_tuning_info(), langevin_tuning),
             assay::export_method(annealed_langevin_info(), annealed_langevin),
             assay::export_method(gaussian_w2_info(), gaussian_w2),
             assay::export_method(mixture_tall_langevin_info(), mixture_tall_langevin))
