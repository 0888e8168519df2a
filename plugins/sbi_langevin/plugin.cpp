// The sbi_langevin plugin: SDK glue around the science in this folder (Touron et al., 2026).
#include <assay/sdk.hpp>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "annealed_langevin.hpp"
#include "claims.hpp"
#include "gaussian_tall_model.hpp"
#include "langevin_tuning.hpp"
#include "mixture_transfer.hpp"
#include "wasserstein.hpp"

namespace {

namespace sl = assay::sbi_langevin;

constexpr const char* kPaper =
    "C. Touron, G. V. Cardoso, J. Arbel, P. L. C. Rodrigues (2026). Theoretical guidelines for "
    "annealed Langevin dynamics in compositional simulation-based inference. arXiv:2605.21253";

const std::vector<std::pair<std::string, sl::ScoreKind>> kScores = {
    {"geffner", sl::ScoreKind::geffner}, {"linhart", sl::ScoreKind::linhart}};

// ---------------------------------------------------------------------------------------------
struct TallSetup {
  int dim = 2;
  int n_obs = 10;
  double prior_mean = 0.0;
  double prior_var = 1.0;
  double noise_var = 1.0;
  double anisotropy = 1.0;
};

struct ModelRow {
  double prior_mean, prior_var, noise_var;
};

struct TallData {
  Eigen::VectorXd theta_true;
  Eigen::MatrixXd observations;
  Eigen::VectorXd posterior_mean;
  Eigen::MatrixXd posterior_cov;
  std::vector<ModelRow> model;
};

TallData gaussian_tall_model(const TallSetup& s, assay::Context& ctx) {
  const Eigen::VectorXd mu0 = Eigen::VectorXd::Constant(s.dim, s.prior_mean);
  const Eigen::VectorXd v0 = sl::spread_variances(s.dim, s.prior_var, s.anisotropy, false);
  const Eigen::VectorXd vx = sl::spread_variances(s.dim, s.noise_var, s.anisotropy, true);
  auto rng = ctx.rng();
  auto draw = sl::draw_gaussian_tall_data(mu0, v0, vx, s.n_obs, rng);
  const sl::GaussianTallModel model(mu0, v0, vx, draw.observations);
  const auto post = model.tall_posterior();
  TallData out{
      draw.theta, draw.observations, post.mean, Eigen::MatrixXd(post.var.asDiagonal()), {}};
  for (int i = 0; i < s.dim; ++i) out.model.push_back({mu0[i], v0[i], vx[i]});
  return out;
}

assay::MethodExport gaussian_tall_model_method() {
  return assay::method<TallSetup, TallData>(
             "gaussian_tall_model",
             "Gaussian tall-data problem: theta ~ N(mu0, v0), x_j ~ N(theta, vx)")
      .cite(kPaper)
      .param(&TallSetup::dim, "dim", "dimension d of theta", assay::range(1, 1000))
      .param(&TallSetup::n_obs, "n_obs", "number n of i.i.d. observations", assay::range(1, 100000))
      .param(&TallSetup::prior_mean, "prior_mean", "prior mean, every coordinate")
      .param(&TallSetup::prior_var, "prior_var", "prior variance (geometric mean over coordinates)",
             assay::range(1e-12, 1e12))
      .param(&TallSetup::noise_var, "noise_var", "observation noise variance (geometric mean)",
             assay::range(1e-12, 1e12))
      .param(&TallSetup::anisotropy, "anisotropy",
             "per-coordinate variant: prior variances run geometrically from "
             "prior_var/sqrt(a) to prior_var*sqrt(a), noise variances the other way; "
             "1 = isotropic",
             assay::range(1.0, 1e6))
      .output(&TallData::theta_true, "theta_true", "the parameter the observations were drawn from")
      .output(&TallData::observations, "observations", "n x d observations")
      .output(&TallData::posterior_mean, "posterior_mean", "exact tall-posterior mean")
      .output(&TallData::posterior_cov, "posterior_cov",
              "exact tall-posterior covariance (diagonal)")
      .output(&TallData::model, "model", "prior_mean, prior_var, noise_var per coordinate",
              assay::columns<ModelRow>()
                  .column(&ModelRow::prior_mean, "prior_mean")
                  .column(&ModelRow::prior_var, "prior_var")
                  .column(&ModelRow::noise_var, "noise_var"))
      .run(gaussian_tall_model);
}

// The `model` table and `observations` of gaussian_tall_model, as the samplers' inputs.
struct ModelInputs {
  assay::Table model;
  Eigen::MatrixXd observations;
};

Eigen::VectorXd real_column(const assay::Table& table, const std::string& name) {
  for (std::size_t c = 0; c < table.names.size(); ++c)
    if (table.names[c] == name) {
      const auto* col = std::get_if<std::vector<double>>(&table.columns[c]);
      if (!col) throw assay::Error("model table: column '" + name + "' is not real");
      return Eigen::Map<const Eigen::VectorXd>(col->data(), static_cast<Eigen::Index>(col->size()));
    }
  throw assay::Error("model table: no column '" + name +
                     "'; connect the `model` output of gaussian_tall_model");
}

sl::GaussianTallModel tall_model(const ModelInputs& in) {
  return sl::GaussianTallModel(real_column(in.model, "prior_mean"),
                               real_column(in.model, "prior_var"),
                               real_column(in.model, "noise_var"), in.observations);
}

// Declares the two model inputs of a method whose In has a ModelInputs member `data`.
const auto model_inputs = [](auto& m) {
  m.input(
       [](auto& s) -> auto& { return s.data.model; }, "model", "`model` of gaussian_tall_model")
      .input(
          [](auto& s) -> auto& { return s.data.observations; }, "observations",
          "n x d observations");
};

// ---------------------------------------------------------------------------------------------
struct TuningSettings {
  ModelInputs data;
  sl::TuningRequest request;
};

struct TuningOutputs {
  Eigen::VectorXd alpha, precision_min, precision_max, step_size;
  std::vector<std::int64_t> steps;
  Eigen::VectorXd level_w2_bound;
  std::int64_t levels = 0;
  std::int64_t total_steps = 0;
  double w2_bound = 0, w2_exact = 0;
};

TuningOutputs langevin_tuning(const TuningSettings& s) {
  sl::TuningPlan plan;
  try {
    plan = sl::tune_langevin(tall_model(s.data), s.request);
  } catch (const std::domain_error& e) {
    throw assay::Error(std::string("langevin_tuning: ") + e.what() +
                       "; raise epsilon or lower score_error");
  }
  const auto n = static_cast<Eigen::Index>(plan.levels.size());
  TuningOutputs out{Eigen::VectorXd(n),
                    Eigen::VectorXd(n),
                    Eigen::VectorXd(n),
                    Eigen::VectorXd(n),
                    std::vector<std::int64_t>(plan.levels.size()),
                    Eigen::VectorXd(n),
                    n,
                    plan.total_steps,
                    plan.w2_bound,
                    plan.w2_exact};
  for (Eigen::Index l = 0; l < n; ++l) {
    const auto& level = plan.levels[l];
    out.alpha[l] = level.alpha;
    out.precision_min[l] = level.precision_min;
    out.precision_max[l] = level.precision_max;
    out.step_size[l] = level.step_size;
    out.level_w2_bound[l] = level.w2_bound;
    out.steps[l] = level.steps;
  }
  return out;
}

template <class Member>
auto request(Member member) {
  return [member](auto& s) -> auto& { return s.request.*member; };
}

assay::MethodExport langevin_tuning_method() {
  using R = sl::TuningRequest;
  return assay::method<TuningSettings, TuningOutputs>(
             "langevin_tuning",
             "Step size, steps per level and levels of annealed Langevin from a W2 bound, in "
             "closed form on the Gaussian tall model")
      .cite(kPaper)
      .with(model_inputs)
      .choice(request(&R::kind), "score", kScores, "composite score")
      .param(request(&R::epsilon), "epsilon", "target W2 to the tall posterior",
             assay::range(1e-12, 1e12))
      .param(request(&R::score_error), "score_error",
             "bound on |s_hat_j - s_j| for every single-observation score (0: exact)",
             assay::range(0.0, 1e12))
      .param(request(&R::levels), "levels", "number of levels; unset: warm-start rule",
             assay::range(1, 16384))
      .output(&TuningOutputs::alpha, "alpha", "per level: alpha_t of the VP diffusion")
      .output(&TuningOutputs::precision_min, "precision_min",
              "per level: smallest bridging precision")
      .output(&TuningOutputs::precision_max, "precision_max",
              "per level: largest bridging precision")
      .output(&TuningOutputs::step_size, "step_size", "per level: ULA step size h")
      .output(&TuningOutputs::steps, "steps", "per level: number of ULA steps K")
      .output(&TuningOutputs::level_w2_bound, "level_w2_bound",
              "per level: the bound E_l on W2 to pi_l")
      .output(&TuningOutputs::levels, "levels", "number of levels")
      .output(&TuningOutputs::total_steps, "total_steps", "sum of the steps over levels")
      .output(&TuningOutputs::w2_bound, "w2_bound",
              "W2 to the posterior the bound guarantees (<= epsilon)")
      .output(&TuningOutputs::w2_exact, "w2_exact",
              "exact W2 to the posterior of the ULA law under the plan")
      .claims(sl::langevin_tuning_claims())
      .run(langevin_tuning);
}

// ---------------------------------------------------------------------------------------------
struct SamplerSettings {
  ModelInputs data;
  // A schedule from langevin_tuning, connected all three together or not at all.
  std::optional<Eigen::VectorXd> tuned_alpha, tuned_step_size;
  std::optional<std::vector<std::int64_t>> tuned_steps;
  sl::ScoreKind kind = sl::ScoreKind::linhart;
  int n_samples = 1000;
  // The fixed schedule, used when no schedule is connected.
  int levels = 20;
  double step_size = 0.01;
  int steps = 50;
  double score_noise = 0.0;
};

struct SamplerOutputs {
  Eigen::MatrixXd samples;
  assay::Table trace;
  Eigen::MatrixXd trace_mean;
  assay::RealArray trace_cov;
  double w2_gaussian_fit = 0;
  double w2_exact = 0;
  std::int64_t total_steps = 0;
};

std::vector<sl::LevelStep> schedule_from(const SamplerSettings& s) {
  std::vector<sl::LevelStep> schedule;
  if (s.tuned_step_size) {
    if (!s.tuned_alpha || !s.tuned_steps)
      throw assay::Error("annealed_langevin: connect alpha, step_size and steps together");
    const auto& alpha = *s.tuned_alpha;
    const auto& h = *s.tuned_step_size;
    const auto& steps = *s.tuned_steps;
    if (alpha.size() != h.size() || static_cast<std::size_t>(h.size()) != steps.size())
      throw assay::Error("annealed_langevin: alpha, step_size and steps differ in length");
    for (Eigen::Index l = 0; l < h.size(); ++l) schedule.push_back({alpha[l], h[l], steps[l]});
    return schedule;
  }
  const sl::VpSchedule vp;
  for (const double t : sl::level_times(s.levels))
    schedule.push_back({vp.at(t).alpha, s.step_size, s.steps});
  return schedule;
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

// Its columns depend on the dimension (mean_i, var_i, ... per coordinate), so the table is
// built here rather than bound to a row struct.
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

SamplerOutputs annealed_langevin(const SamplerSettings& s, assay::Context& ctx) {
  const auto model = tall_model(s.data);
  const auto schedule = schedule_from(s);
  auto error_rng = ctx.rng(0);
  const Eigen::MatrixXd errors =
      sl::random_score_errors(model.n_obs(), model.dim(), s.score_noise, error_rng);
  std::vector<sl::DiagonalGaussian> laws;
  try {
    laws = sl::annealed_ula_laws(model, s.kind, schedule, errors);
  } catch (const std::domain_error& e) {
    throw assay::Error(std::string("annealed_langevin: ") + e.what() +
                       "; lower step_size or connect langevin_tuning's schedule");
  }

  std::vector<assay::Rng> rngs;
  for (int b = 0; b < sl::chain_block_count(s.n_samples); ++b)
    rngs.push_back(ctx.rng(1 + static_cast<std::uint64_t>(b)));
  std::int64_t total = 0, done = 0;
  for (const auto& level : schedule) total += level.steps;
  auto run = sl::run_annealed_langevin(
      model, s.kind, schedule, errors,
      sl::initial_chain_blocks(s.n_samples, model.dim(), std::move(rngs)), run_blocks_in_parallel,
      [&](std::size_t l) {
        done += schedule[l].steps;
        ctx.progress(static_cast<double>(done) / static_cast<double>(total));
        ctx.throw_if_cancelled();
      },
      [&] { return ctx.cancelled(); });
  const auto post = model.tall_posterior();
  const auto fit = sl::sample_moments(run.samples);
  return {std::move(run.samples),
          trace_table(schedule, run.levels, laws),
          trace_means(run.levels),
          trace_covariances(run.levels),
          sl::w2_gaussian(fit.mean, fit.cov, post.mean, post.var.asDiagonal().toDenseMatrix()),
          sl::w2_diagonal(laws.back(), post),
          total};
}

assay::MethodExport annealed_langevin_method() {
  using S = SamplerSettings;
  using O = SamplerOutputs;
  return assay::method<S, O>("annealed_langevin",
                             "Annealed unadjusted Langevin on a compositional score, Monte Carlo")
      .cite(kPaper)
      .with(model_inputs)
      .input(&S::tuned_alpha, "alpha", "per-level alpha (from langevin_tuning)")
      .input(&S::tuned_step_size, "step_size", "per-level step size (from langevin_tuning)")
      .input(&S::tuned_steps, "steps", "per-level steps (from langevin_tuning)")
      .choice(&S::kind, "score", kScores, "composite score")
      .param(&S::n_samples, "n_samples", "number of chains", assay::range(2, 10000000))
      .param(&S::levels, "levels", "fixed schedule: levels (ignored with a connected schedule)",
             assay::range(1, 16384))
      .param(&S::step_size, "step_size", "fixed schedule: step size", assay::range(1e-12, 1e3))
      .param(&S::steps, "steps", "fixed schedule: steps per level", assay::range(1, 1000000000))
      .param(&S::score_noise, "score_noise",
             "size of a constant error added to each single-observation score, in a random "
             "direction per observation",
             assay::range(0.0, 1e12))
      .output(&O::samples, "samples", "n_samples x d, after the last level")
      .output(&O::trace, "trace",
              "per level: empirical mean_i, var_i, max |off-diagonal cov| and the exact ULA "
              "law's exact_mean_i, exact_var_i")
      .output(&O::trace_mean, "trace_mean", "levels x d: empirical mean of the chains per level")
      .output(&O::trace_cov, "trace_cov",
              "levels x d x d: empirical covariance of the chains per level")
      .output(&O::w2_gaussian_fit, "w2_gaussian_fit",
              "W2 from the samples' Gaussian fit to the posterior")
      .output(&O::w2_exact, "w2_exact",
              "exact W2 from the ULA law (same score errors) to the posterior")
      .output(&O::total_steps, "total_steps", "sum of the steps over levels")
      .claims(sl::annealed_langevin_claims())
      .run(annealed_langevin);
}

// ---------------------------------------------------------------------------------------------
struct FitSettings {
  Eigen::MatrixXd samples;
  Eigen::VectorXd mean;
  Eigen::MatrixXd cov;
  int bootstrap = 100;
};

sl::W2Estimate gaussian_w2(const FitSettings& s, assay::Context& ctx) {
  if (s.samples.cols() != s.mean.size() || s.cov.rows() != s.mean.size() ||
      s.cov.cols() != s.mean.size())
    throw assay::Error("gaussian_w2: samples, mean and cov disagree on the dimension");
  if (s.samples.rows() < 2) throw assay::Error("gaussian_w2: need at least two samples");
  auto rng = ctx.rng();
  return sl::w2_gaussian_fit(s.samples, s.mean, s.cov, s.bootstrap, rng);
}

assay::MethodExport gaussian_w2_method() {
  return assay::method<FitSettings, sl::W2Estimate>(
             "gaussian_w2", "W2 between the Gaussian fit of samples and a reference Gaussian")
      .input(&FitSettings::samples, "samples", "N x d samples")
      .input(&FitSettings::mean, "mean", "reference mean")
      .input(&FitSettings::cov, "cov", "reference covariance")
      .param(&FitSettings::bootstrap, "bootstrap",
             "bootstrap resamples for the standard error (0 or 1: no w2_se)",
             assay::range(0, 100000))
      .output(&sl::W2Estimate::w2, "w2", "W2(N(sample mean, sample cov), N(mean, cov))")
      .output(&sl::W2Estimate::se, "w2_se",
              "bootstrap standard error of w2; absent with fewer than 2 resamples")
      .run(gaussian_w2);
}

// ---------------------------------------------------------------------------------------------
sl::MixtureTransferResult mixture_tall_langevin(const sl::MixtureTransferSetup& s,
                                                assay::Context& ctx) {
  auto rng = ctx.rng();
  try {
    return sl::run_mixture_transfer(s, rng);
  } catch (const std::domain_error& e) {
    throw assay::Error(std::string("mixture_tall_langevin: ") + e.what() + "; raise epsilon");
  }
}

assay::MethodExport mixture_tall_langevin_method() {
  using S = sl::MixtureTransferSetup;
  using R = sl::MixtureTransferResult;
  return assay::method<S, R>("mixture_tall_langevin",
                             "Gaussian-derived tuning run on a Gaussian-mixture-prior tall model; "
                             "sliced W2 to exact posterior draws")
      .cite(kPaper)
      .param(&S::dim, "dim", "dimension d of theta", assay::range(1, 50))
      .param(&S::n_obs, "n_obs", "number of observations", assay::range(1, 10000))
      .param(&S::components, "components", "prior mixture components", assay::range(1, 100))
      .param(&S::separation, "separation", "distance of component means from 0",
             assay::range(0.0, 1e6))
      .param(&S::component_var, "component_var", "variance of each component",
             assay::range(1e-9, 1e9))
      .param(&S::noise_var, "noise_var", "observation noise variance", assay::range(1e-9, 1e9))
      .choice(&S::kind, "score", kScores, "composite score")
      .param(&S::epsilon, "epsilon", "target W2 handed to the Gaussian tuning rule",
             assay::range(1e-9, 1e9))
      .param(&S::levels, "levels", "levels; unset: warm-start rule on the surrogate",
             assay::range(1, 16384))
      .param(&S::chains, "n_samples", "chains and exact draws", assay::range(2, 1000000))
      .param(&S::projections, "projections", "random directions of the sliced W2",
             assay::range(1, 100000))
      .output(&R::levels, "levels", "levels chosen on the Gaussian surrogate")
      .output(&R::total_steps, "total_steps", "total ULA steps")
      .output(&R::surrogate_w2_bound, "surrogate_w2_bound",
              "the rule's bound on the Gaussian surrogate")
      .output(&R::sliced_w2_scaled, "sliced_w2",
              "sqrt(d) SW2(samples, exact posterior draws), <= W2")
      .output(&R::floor_scaled, "sliced_w2_floor",
              "sqrt(d) SW2 between two exact draws: the MC floor")
      .output(&R::samples, "samples", "annealed Langevin samples")
      .output(&R::reference, "posterior_samples", "exact tall-posterior draws")
      .claims(sl::mixture_tall_langevin_claims())
      .run(mixture_tall_langevin);
}

}  // namespace

ASSAY_PLUGIN("sbi_langevin", "0.1.0", "MIT", gaussian_tall_model_method(), langevin_tuning_method(),
             annealed_langevin_method(), gaussian_w2_method(), mixture_tall_langevin_method())
