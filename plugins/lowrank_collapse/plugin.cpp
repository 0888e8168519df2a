// The lowrank_collapse plugin: SDK glue for low-rank gradient bias and collapse in flow
// matching and variational inference (seed paper 6). The science lives in the other files of
// this folder.
#include <assay/sdk.hpp>
#include <limits>

#include "paper_claims.hpp"
#include "rank_intervention.hpp"

namespace {

namespace lc = assay::lowrank_collapse;

constexpr const char* kPaper =
    "Low-rank gradient bias and collapse in continuous-time generative models: flow matching "
    "and variational inference (seed paper 6)";

// ---------------------------------------------------------------- shared params and outputs

assay::MethodInfo with_target_inputs(assay::MethodInfo info) {
  return info.input<Eigen::MatrixXd>("means", "modes x dim means of the target mixture")
      .input<Eigen::VectorXd>("weights", "mode weights of the target mixture")
      .input<double>("sd", "standard deviation of every mode's coordinates");
}

assay::MethodInfo with_network_params(assay::MethodInfo info, int default_steps) {
  return info.param<int>("width", 64, "hidden units per layer", assay::range(1, 4096))
      .param<int>("depth", 2, "hidden layers", assay::range(1, 16))
      .choice("activation", "silu", {"silu", "tanh", "relu", "gelu"}, "hidden activation")
      .param<double>("init_scale", 1.0, "multiplies torch.nn.Linear's initial weights (not biases)",
                     assay::range(1e-6, 1e3))
      .param<double>("lr", 1e-3, "Adam learning rate", assay::range(1e-8, 10))
      .param<int>("batch", 256, "examples per step", assay::range(1, 1 << 16))
      .param<int>("steps", default_steps, "Adam steps", assay::range(1, 1 << 24))
      .param<int>("log_interval", 100,
                  "log spectra and samples every this many steps (and the "
                  "first and last)",
                  assay::range(1, 1 << 24));
}

assay::MethodInfo with_rank_logs(assay::MethodInfo info) {
  const char* layers = "layers x logged steps: ";
  return info
      .output<Eigen::MatrixXd>("grad_stable_rank", std::string(layers) + "stable rank of dL/dW")
      .output<Eigen::MatrixXd>("grad_effective_rank",
                               std::string(layers) + "effective rank of dL/dW")
      .output<Eigen::MatrixXd>("update_stable_rank",
                               std::string(layers) + "stable rank of W_t - W_0")
      .output<Eigen::MatrixXd>("update_effective_rank",
                               std::string(layers) + "effective rank of W_t - W_0")
      .output<Eigen::MatrixXd>("weight_stable_rank", std::string(layers) + "stable rank of W_t")
      .output<Eigen::MatrixXd>("weight_effective_rank",
                               std::string(layers) + "effective rank of W_t")
      .output<double>("final_update_stable_rank", "mean over layers of the final W_T - W_0's")
      .output<double>("final_update_effective_rank", "mean over layers of the final W_T - W_0's")
      .output<double>("final_weight_effective_rank", "mean over layers of the final W_T's")
      .output<double>("final_loss", "batch loss at the final weights")
      .output<Eigen::MatrixXd>("samples", "final samples, one per row")
      .output<Eigen::VectorXd>("mode_weights",
                               "fraction of the final samples in each mode's 99% ball")
      .output<std::int64_t>("modes_covered",
                            "modes holding at least a quarter of their expected share")
      .output<double>("weight_tv", "total variation between sample and target mode weights")
      .output<double>("off_mode_fraction", "final samples in no mode's 99% ball");
}

lc::Mixture read_mixture(const assay::Context& ctx) {
  lc::Mixture m{ctx.input<Eigen::MatrixXd>("means"), ctx.input<Eigen::VectorXd>("weights"),
                ctx.input<double>("sd")};
  if (m.weights.size() != m.means.rows() || m.weights.size() == 0)
    throw assay::Error("weights: " + std::to_string(m.weights.size()) + " weights for " +
                       std::to_string(m.means.rows()) +
                       " means; connect both from one gaussian_mixtures node");
  if (!(m.sd > 0)) throw assay::Error("sd: must be positive; connect gaussian_mixtures.sd");
  return m;
}

lc::TrainingSchedule read_schedule(const assay::Context& ctx, int update_rank) {
  return {ctx.param<double>("lr"), ctx.param<int>("steps"), ctx.param<int>("log_interval"),
          update_rank};
}

lc::FieldShape read_field_shape(const assay::Context& ctx) {
  return {ctx.param<int>("width"), ctx.param<int>("depth"),
          assay::nn::parse_activation(ctx.param<std::string>("activation")),
          ctx.param<double>("init_scale")};
}

lc::FlowMatchingOptions read_fm_options(const assay::Context& ctx, int update_rank) {
  return {read_field_shape(ctx), read_schedule(ctx, update_rank), ctx.param<int>("batch")};
}

lc::ViOptions read_vi_options(const assay::Context& ctx, int update_rank) {
  const auto f = read_field_shape(ctx);
  return {lc::parse_family(ctx.param<std::string>("family")),
          {ctx.param<int>("layers"), f.width, f.depth, f.activation, f.init_scale},
          read_schedule(ctx, update_rank),
          ctx.param<int>("batch")};
}

lc::Progress progress_of(assay::Context& ctx) {
  return [&ctx](double f) {
    ctx.progress(f);
    ctx.throw_if_cancelled();
  };
}

void output_rank_logs(assay::Context& ctx, const lc::SpectralLog& log) {
  ctx.output("grad_stable_rank", log.grad_stable_rank);
  ctx.output("grad_effective_rank", log.grad_effective_rank);
  ctx.output("update_stable_rank", log.update_stable_rank);
  ctx.output("update_effective_rank", log.update_effective_rank);
  ctx.output("weight_stable_rank", log.weight_stable_rank);
  ctx.output("weight_effective_rank", log.weight_effective_rank);
  ctx.output("final_update_stable_rank", lc::final_layer_mean(log.update_stable_rank));
  ctx.output("final_update_effective_rank", lc::final_layer_mean(log.update_effective_rank));
  ctx.output("final_weight_effective_rank", lc::final_layer_mean(log.weight_effective_rank));
  ctx.output("final_loss", log.final_loss);
}

void output_coverage(assay::Context& ctx, const Eigen::MatrixXd& samples,
                     const lc::ModeCoverage& c) {
  ctx.output("samples", samples);
  ctx.output("mode_weights", c.weights);
  ctx.output("modes_covered", std::int64_t{c.covered});
  ctx.output("weight_tv", c.weight_tv);
  ctx.output("off_mode_fraction", c.off_mode_fraction);
}

// The sample columns of a history, NaN where no samples were drawn at a logged step.
std::vector<double> padded(const std::vector<double>& v, std::size_t n) {
  std::vector<double> out(n, std::numeric_limits<double>::quiet_NaN());
  std::copy(v.begin(), v.begin() + std::min(v.size(), n), out.begin());
  return out;
}

assay::Table history_table(const lc::SpectralLog& log, const std::vector<int>& covered,
                           const std::vector<double>& tv) {
  const std::size_t n = log.steps.size();
  assay::Table t;
  t.add("step", std::vector<std::int64_t>(log.steps.begin(), log.steps.end()))
      .add("loss", log.loss)
      .add("modes_covered", padded(std::vector<double>(covered.begin(), covered.end()), n))
      .add("weight_tv", padded(tv, n));
  return t;
}

std::string ci_text(const lc::CorrelationClaim& c) {
  return "Spearman " + assay::to_text(c.spearman.estimate) + ", 95% bootstrap CI [" +
         assay::to_text(c.spearman.low) + ", " + assay::to_text(c.spearman.high) + "] over " +
         std::to_string(c.runs) + " runs, " + std::to_string(c.distinct_outcomes) +
         " distinct outcomes";
}

// A claim that the correlation is positive: the CI's lower end must exceed 0. Without
// variation in the outcome there is no ordering to predict, and the claim fails.
assay::CheckResult positive_correlation(const lc::CorrelationClaim& c) {
  const double low =
      c.distinct_outcomes > 1 ? c.spearman.low : std::numeric_limits<double>::quiet_NaN();
  return assay::expect_at_least(low, std::numeric_limits<double>::min(),
                                "lower end of the CI must exceed 0; " + ci_text(c));
}

// ---------------------------------------------------------------- gaussian_mixtures

assay::MethodInfo gaussian_mixtures_info() {
  return assay::method("gaussian_mixtures",
                       "Isotropic Gaussian mixture target and a training set drawn from it")
      .cite(kPaper)
      .param<int>("dim", 2, "dimension (2 and 10 in the paper's settings)", assay::range(1, 1024))
      .param<int>("modes", 8, "number of modes", assay::range(1, 1024))
      .param<double>("separation", 3.0, "distance between neighbouring means", assay::range(0, 1e6))
      .param<double>("mode_sd", 0.25, "standard deviation of each coordinate of a mode",
                     assay::range(1e-9, 1e6))
      .param<double>("weight_ratio", 1.0,
                     "largest / smallest mode weight, geometric in between (1: equal)",
                     assay::range(1, 1e6))
      .choice("layout", "ring", {"ring", "simplex"},
              "ring: means on a circle in the first two coordinates; simplex: at separation / "
              "sqrt(2) times the first unit vectors (modes <= dim)")
      .param<int>("n_train", 2000, "training points (small sets make memorisation possible)",
                  assay::range(1, 1 << 24))
      .output<Eigen::MatrixXd>("train", "n_train x dim training points")
      .output<std::vector<std::int64_t>>("labels", "mode of each training point")
      .output<Eigen::MatrixXd>("means", "modes x dim means")
      .output<Eigen::VectorXd>("weights", "mode weights, largest first")
      .output<double>("sd", "the mode standard deviation");
}

void gaussian_mixtures(assay::Context& ctx) {
  lc::Mixture m;
  try {
    m = lc::make_mixture({ctx.param<int>("dim"), ctx.param<int>("modes"),
                          ctx.param<double>("separation"), ctx.param<double>("mode_sd"),
                          ctx.param<double>("weight_ratio"),
                          lc::parse_layout(ctx.param<std::string>("layout"))});
  } catch (const std::invalid_argument& e) {
    throw assay::Error(std::string(e.what()) + "; change the param");
  }
  auto rng = ctx.rng();
  const auto s = lc::sample(m, ctx.param<int>("n_train"), rng);
  ctx.output("train", s.x);
  ctx.output("labels", std::vector<std::int64_t>(s.mode.begin(), s.mode.end()));
  ctx.output("means", m.means);
  ctx.output("weights", m.weights);
  ctx.output("sd", m.sd);
}

// ---------------------------------------------------------------- flow_matching_train

assay::MethodInfo with_sampler_params(assay::MethodInfo info) {
  return info
      .choice("solver", "rk4", {"rk4", "dopri5"},
              "ODE sampler: fixed-step RK4 or adaptive Dormand-Prince 5(4)")
      .param<int>("rk4_steps", 50, "RK4 steps from t = 0 to 1", assay::range(1, 1 << 20))
      .param<double>("tolerance", 1e-5, "rtol and atol of dopri5", assay::range(1e-12, 1))
      .param<int>("samples", 2000, "final samples", assay::range(1, 1 << 22));
}

lc::EvaluationOptions read_evaluation(const assay::Context& ctx, int log_samples) {
  return {{lc::parse_solver(ctx.param<std::string>("solver")), ctx.param<int>("rk4_steps"),
           ctx.param<double>("tolerance")},
          ctx.param<int>("samples"),
          log_samples};
}

assay::MethodInfo flow_matching_train_info() {
  return with_rank_logs(
             with_sampler_params(with_network_params(
                 with_target_inputs(assay::method(
                     "flow_matching_train",
                     "I-CFM (sigma 0) on an MLP velocity field with per-layer rank logs of "
                     "gradients, updates and weights; samples by RK4 or Dormand-Prince")),
                 2000)))
      .cite(kPaper)
      .input<Eigen::MatrixXd>("train", "training points, one per row (gaussian_mixtures.train)")
      .param<int>("update_rank", 0,
                  "project every update of every weight matrix onto its top-k singular "
                  "subspace (0: full rank)",
                  assay::range(0, 4096))
      .param<int>("log_samples", 500, "samples (RK4, 20 steps) at each logged step; 0: none",
                  assay::range(0, 1 << 20))
      .output<assay::Table>("history",
                            "per logged step: step, loss, modes_covered, weight_tv, nn_ratio")
      .output<double>("nn_distance", "mean distance of the final samples to the training set")
      .output<double>("nn_ratio",
                      "nn_distance over that of fresh target draws (1: generalises, 0: copies "
                      "the training set)")
      .output<std::int64_t>("sampler_evaluations", "field evaluations of the final sampler")
      .check("rank_predicts_coverage",
             "Across init scale (0.25, 1, 4) x width (16, 64) x lr (1e-4, 1e-3) x 2 seeds, 1500 "
             "steps on the 8-mode ring, the stable rank of the accumulated update W_T - W_0 "
             "predicts the "
             "modes covered: Spearman's correlation is positive, its 95% bootstrap CI "
             "excluding 0.",
             [](const assay::CheckContext& ctx) {
               return positive_correlation(lc::rank_predicts_coverage_claim(ctx.seed));
             })
      .check("memorisation_tracks_rank",
             "On a 16-point training set, across width (16, 32, 64, 128) x training length "
             "(300, 1000, 3000 steps), samples approach the training points as the effective rank "
             "of the "
             "accumulated update grows: Spearman's correlation of that rank with the "
             "nearest-neighbour ratio is negative, its 95% bootstrap CI excluding 0.",
             [](const assay::CheckContext& ctx) {
               const auto c = lc::memorisation_claim(ctx.seed);
               const double high = c.distinct_outcomes > 1
                                       ? c.spearman.high
                                       : std::numeric_limits<double>::quiet_NaN();
               return assay::expect_at_most(high, -std::numeric_limits<double>::min(),
                                            "upper end of the CI must be below 0; " + ci_text(c));
             });
}

void flow_matching_train(assay::Context& ctx) {
  const auto mixture = read_mixture(ctx);
  const auto training = ctx.input<Eigen::MatrixXd>("train");
  if (training.cols() != mixture.dim())
    throw assay::Error("train: " + std::to_string(training.cols()) + " columns but the means " +
                       std::to_string(mixture.dim()) + "; connect one gaussian_mixtures node");
  const auto r = lc::flow_matching_study(
      mixture, training, read_fm_options(ctx, ctx.param<int>("update_rank")),
      read_evaluation(ctx, ctx.param<int>("log_samples")), ctx.seed(), progress_of(ctx));
  auto history = history_table(r.log, r.history.modes_covered, r.history.weight_tv);
  history.add("nn_ratio", padded(r.history.nn_ratio, r.log.steps.size()));
  ctx.output("history", std::move(history));
  output_rank_logs(ctx, r.log);
  output_coverage(ctx, r.samples, r.coverage);
  ctx.output("nn_distance", r.memorisation.nn_distance);
  ctx.output("nn_ratio", r.memorisation.ratio);
  ctx.output("sampler_evaluations", std::int64_t{r.evaluations});
}

// ---------------------------------------------------------------- vi_train

assay::MethodInfo with_vi_params(assay::MethodInfo info) {
  return info
      .choice("family", "coupling_flow", {"coupling_flow", "gaussian"},
              "RealNVP-style affine coupling flow, or a diagonal Gaussian baseline")
      .param<int>("layers", 6, "coupling layers", assay::range(1, 64));
}

assay::MethodInfo vi_train_info() {
  return with_rank_logs(with_vi_params(with_network_params(
                            with_target_inputs(assay::method(
                                "vi_train",
                                "Reverse-KL variational inference of a mixture target with a "
                                "coupling flow or a Gaussian, with per-layer rank logs")),
                            2000)))
      .cite(kPaper)
      .param<int>("update_rank", 0,
                  "project every update of every conditioner weight onto its top-k singular "
                  "subspace (0: full rank)",
                  assay::range(0, 4096))
      .param<int>("samples", 2000, "final draws of q", assay::range(2, 1 << 22))
      .param<int>("log_samples", 500, "draws of q at each logged step; 0: none",
                  assay::range(0, 1 << 20))
      .output<assay::Table>("history", "per logged step: step, loss, modes_covered, weight_tv")
      .output<double>("kl", "Monte Carlo KL(q || p) on the final draws")
      .output<double>("kl_se", "its standard error");
}

void vi_train(assay::Context& ctx) {
  const auto mixture = read_mixture(ctx);
  const auto r = lc::vi_study(mixture, read_vi_options(ctx, ctx.param<int>("update_rank")),
                              ctx.param<int>("samples"), ctx.param<int>("log_samples"), ctx.seed(),
                              progress_of(ctx));
  ctx.output("history", history_table(r.log, r.modes_covered, r.weight_tv));
  output_rank_logs(ctx, r.log);
  output_coverage(ctx, r.samples, r.coverage);
  ctx.output("kl", r.kl);
  ctx.output("kl_se", r.kl_se);
}

// ---------------------------------------------------------------- rank_intervention

assay::MethodInfo rank_intervention_info() {
  return with_vi_params(with_sampler_params(with_network_params(
                            with_target_inputs(assay::method(
                                "rank_intervention",
                                "The same training with every update projected onto its top-k "
                                "singular subspace per layer, for each k: mode coverage vs k")),
                            2000)))
      .cite(kPaper)
      .optional_input<Eigen::MatrixXd>("train", "training points (task flow_matching)")
      .choice("task", "flow_matching", {"flow_matching", "vi"},
              "flow_matching (needs train) or vi (family coupling_flow or gaussian)")
      .param<std::vector<double>>("ranks", {1, 2, 4, 0}, "the k to run; 0: full rank")
      .output<assay::Table>("curve",
                            "per k: rank, modes_covered, weight_tv, off_mode_fraction, "
                            "update_stable_rank, final_loss, nn_ratio (FM), kl (VI)")
      .output<double>("coverage_trend",
                      "Spearman of k (full rank last) with modes covered: +1 monotone rise")
      .check("intervention_monotone_fm",
             "Flow matching on the 8-mode ring (width 64, 1000 steps, 3 seeds): mode coverage "
             "rises with the rank k of the updates (k = 1, 2, 4, full): Spearman's correlation "
             "of k with modes covered is positive, its 95% bootstrap CI excluding 0.",
             [](const assay::CheckContext& ctx) {
               return positive_correlation(lc::fm_intervention_claim(ctx.seed));
             })
      .check("intervention_monotone_fm_10d",
             "The same flow-matching intervention on a 10-d mixture of 8 modes at the corners "
             "of a simplex (pairwise distance 3, sd 0.25, weight ratio 4; width 64, 1000 steps, "
             "3 seeds): Spearman's correlation of k with modes covered is positive, its 95% "
             "bootstrap CI excluding 0.",
             [](const assay::CheckContext& ctx) {
               return positive_correlation(lc::fm_intervention_10d_claim(ctx.seed));
             })
      .check("intervention_monotone_vi",
             "Reverse-KL VI with a 4-layer coupling flow on the 8-mode ring (width 32, 400 "
             "steps, 3 seeds): mode coverage rises with k; Spearman's CI excludes 0.",
             [](const assay::CheckContext& ctx) {
               return positive_correlation(lc::vi_intervention_claim(ctx.seed));
             });
}

std::vector<int> read_ranks(const assay::Context& ctx) {
  std::vector<int> ranks;
  for (const double k : ctx.param<std::vector<double>>("ranks")) {
    if (k < 0 || k > 4096 || k != static_cast<int>(k))
      throw assay::Error("ranks: " + assay::to_text(k) + " is not a whole number in [0, 4096]");
    ranks.push_back(static_cast<int>(k));
  }
  if (ranks.empty()) throw assay::Error("ranks: empty; list the k to run, e.g. [1, 2, 4, 0]");
  return ranks;
}

std::vector<lc::InterventionPoint> run_intervention(assay::Context& ctx,
                                                    const std::vector<int>& ranks) {
  const auto mixture = read_mixture(ctx);
  if (ctx.param<std::string>("task") == "vi")
    return lc::vi_intervention(mixture, read_vi_options(ctx, 0), ctx.param<int>("samples"), ranks,
                               ctx.seed(), progress_of(ctx));
  if (!ctx.has_input("train"))
    throw assay::Error(
        "train: task flow_matching needs training points; connect "
        "gaussian_mixtures.train");
  return lc::flow_matching_intervention(mixture, ctx.input<Eigen::MatrixXd>("train"),
                                        read_fm_options(ctx, 0), read_evaluation(ctx, 0), ranks,
                                        ctx.seed(), progress_of(ctx));
}

void rank_intervention(assay::Context& ctx) {
  const auto points = run_intervention(ctx, read_ranks(ctx));
  std::vector<std::int64_t> rank, covered;
  std::vector<double> tv, off, stable, loss, nn_ratio, kl;
  for (const auto& p : points) {
    rank.push_back(p.rank);
    covered.push_back(p.modes_covered);
    tv.push_back(p.weight_tv);
    off.push_back(p.off_mode_fraction);
    stable.push_back(p.update_stable_rank);
    loss.push_back(p.final_loss);
    nn_ratio.push_back(p.nn_ratio);
    kl.push_back(p.kl);
  }
  assay::Table curve;
  curve.add("rank", rank)
      .add("modes_covered", covered)
      .add("weight_tv", tv)
      .add("off_mode_fraction", off)
      .add("update_stable_rank", stable)
      .add("final_loss", loss)
      .add("nn_ratio", nn_ratio)
      .add("kl", kl);
  ctx.output("curve", std::move(curve));
  ctx.output("coverage_trend", lc::coverage_rank_trend(points));
}

}  // namespace

ASSAY_PLUGIN("lowrank_collapse", "0.1.0",
             assay::export_method(gaussian_mixtures_info(), gaussian_mixtures),
             assay::export_method(flow_matching_train_info(), flow_matching_train),
             assay::export_method(vi_train_info(), vi_train),
             assay::export_method(rank_intervention_info(), rank_intervention))
