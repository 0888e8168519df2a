// The lowrank_collapse plugin: SDK glue for low-rank gradient bias and collapse in flow
// matching and variational inference (seed paper 6). The science lives in the other files of
// this folder; here each method binds its params, inputs and outputs to the science's structs.
#include <assay/sdk.hpp>
#include <limits>

#include "paper_claims.hpp"
#include "rank_intervention.hpp"

namespace {

namespace lc = assay::lowrank_collapse;
using assay::nn::Activation;

constexpr const char* kPaper =
    "Low-rank gradient bias and collapse in continuous-time generative models: flow matching "
    "and variational inference (seed paper 6)";

// ---------------------------------------------------------------- shared params and outputs

// What every training method reads: the network, its schedule and the batch size. The
// initialisers are the science's (FieldShape, TrainingSchedule) and the plugin's defaults.
struct Training {
  lc::FieldShape shape;
  lc::TrainingSchedule schedule;
  int batch = 256;
};

lc::FlowMatchingOptions fm_options(const Training& t) { return {t.shape, t.schedule, t.batch}; }

lc::ViOptions vi_options(lc::Family family, int layers, const Training& t) {
  const auto& f = t.shape;
  return {family, {layers, f.width, f.depth, f.activation, f.init_scale}, t.schedule, t.batch};
}

// The inputs of the target mixture, read into an In's `target`.
const auto target_inputs = [](auto& b) {
  b.input(
       [](auto& s) -> auto& { return s.target.means; }, "means",
       "modes x dim means of the target mixture")
      .input(
          [](auto& s) -> auto& { return s.target.weights; }, "weights",
          "mode weights of the target mixture")
      .input(
          [](auto& s) -> auto& { return s.target.sd; }, "sd",
          "standard deviation of every mode's coordinates");
};

void require_consistent(const lc::Mixture& m) {
  if (m.weights.size() != m.means.rows() || m.weights.size() == 0)
    throw assay::Error("weights: " + std::to_string(m.weights.size()) + " weights for " +
                       std::to_string(m.means.rows()) +
                       " means; connect both from one gaussian_mixtures node");
  if (!(m.sd > 0)) throw assay::Error("sd: must be positive; connect gaussian_mixtures.sd");
}

// The params of an In's `training`.
const auto network_params = [](auto& b) {
  b.param(
       [](auto& s) -> auto& { return s.training.shape.width; }, "width", "hidden units per layer",
       assay::range(1, 4096))
      .param(
          [](auto& s) -> auto& { return s.training.shape.depth; }, "depth", "hidden layers",
          assay::range(1, 16))
      .choice(
          [](auto& s) -> auto& { return s.training.shape.activation; }, "activation",
          {{"silu", Activation::silu},
           {"tanh", Activation::tanh},
           {"relu", Activation::relu},
           {"gelu", Activation::gelu}},
          "hidden activation")
      .param(
          [](auto& s) -> auto& { return s.training.shape.init_scale; }, "init_scale",
          "multiplies torch.nn.Linear's initial weights (not biases)", assay::range(1e-6, 1e3))
      .param(
          [](auto& s) -> auto& { return s.training.schedule.lr; }, "lr", "Adam learning rate",
          assay::range(1e-8, 10))
      .param(
          [](auto& s) -> auto& { return s.training.batch; }, "batch", "examples per step",
          assay::range(1, 1 << 16))
      .param(
          [](auto& s) -> auto& { return s.training.schedule.steps; }, "steps", "Adam steps",
          assay::range(1, 1 << 24))
      .param(
          [](auto& s) -> auto& { return s.training.schedule.log_interval; }, "log_interval",
          "log spectra and samples every this many steps (and the first and last)",
          assay::range(1, 1 << 24));
};

// The params of an In's `evaluation` (the final sampler and its sample count).
const auto sampler_params = [](auto& b) {
  b.choice(
       [](auto& s) -> auto& { return s.evaluation.sampler.solver; }, "solver",
       {{"rk4", lc::Solver::rk4}, {"dopri5", lc::Solver::dopri5}},
       "ODE sampler: fixed-step RK4 or adaptive Dormand-Prince 5(4)")
      .param(
          [](auto& s) -> auto& { return s.evaluation.sampler.rk4_steps; }, "rk4_steps",
          "RK4 steps from t = 0 to 1", assay::range(1, 1 << 20))
      .param(
          [](auto& s) -> auto& { return s.evaluation.sampler.tolerance; }, "tolerance",
          "rtol and atol of dopri5", assay::range(1e-12, 1))
      .param(
          [](auto& s) -> auto& { return s.evaluation.samples; }, "samples", "final samples",
          assay::range(1, 1 << 22));
};

const auto vi_params = [](auto& b) {
  b.choice(
       [](auto& s) -> auto& { return s.family; }, "family",
       {{"coupling_flow", lc::Family::coupling_flow}, {"gaussian", lc::Family::gaussian}},
       "RealNVP-style affine coupling flow, or a diagonal Gaussian baseline")
      .param(
          [](auto& s) -> auto& { return s.layers; }, "layers", "coupling layers",
          assay::range(1, 64));
};

// One logged step of a training history; the sample columns are NaN where no samples were
// drawn at that step.
struct HistoryRow {
  int step = 0;
  double loss = 0;
  double modes_covered = 0;
  double weight_tv = 0;
  double nn_ratio = 0;
};

std::vector<HistoryRow> history_rows(const lc::SpectralLog& log, const std::vector<int>& covered,
                                     const std::vector<double>& tv,
                                     const std::vector<double>& nn_ratio = {}) {
  constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  const auto at = [](const auto& v, std::size_t i) { return i < v.size() ? v[i] : kNone; };
  std::vector<HistoryRow> rows;
  for (std::size_t i = 0; i < log.steps.size(); ++i)
    rows.push_back({log.steps[i], log.loss[i],
                    i < covered.size() ? static_cast<double>(covered[i]) : kNone, at(tv, i),
                    at(nn_ratio, i)});
  return rows;
}

// What flow_matching_train and vi_train both report: the rank logs and the final samples.
struct Trained {
  lc::SpectralLog log;
  double final_update_stable_rank = 0;
  double final_update_effective_rank = 0;
  double final_weight_effective_rank = 0;
  Eigen::MatrixXd samples;
  lc::ModeCoverage coverage;
};

Trained trained(const lc::SpectralLog& log, const Eigen::MatrixXd& samples,
                const lc::ModeCoverage& coverage) {
  return {log,
          lc::final_layer_mean(log.update_stable_rank),
          lc::final_layer_mean(log.update_effective_rank),
          lc::final_layer_mean(log.weight_effective_rank),
          samples,
          coverage};
}

// The outputs of an Out's `trained`.
const auto rank_log_outputs = [](auto& b) {
  const std::string layers = "layers x logged steps: ";
  b.output(
       [](auto& o) -> auto& { return o.trained.log.grad_stable_rank; }, "grad_stable_rank",
       layers + "stable rank of dL/dW")
      .output(
          [](auto& o) -> auto& { return o.trained.log.grad_effective_rank; }, "grad_effective_rank",
          layers + "effective rank of dL/dW")
      .output(
          [](auto& o) -> auto& { return o.trained.log.update_stable_rank; }, "update_stable_rank",
          layers + "stable rank of W_t - W_0")
      .output(
          [](auto& o) -> auto& { return o.trained.log.update_effective_rank; },
          "update_effective_rank", layers + "effective rank of W_t - W_0")
      .output(
          [](auto& o) -> auto& { return o.trained.log.weight_stable_rank; }, "weight_stable_rank",
          layers + "stable rank of W_t")
      .output(
          [](auto& o) -> auto& { return o.trained.log.weight_effective_rank; },
          "weight_effective_rank", layers + "effective rank of W_t")
      .output(
          [](auto& o) -> auto& { return o.trained.final_update_stable_rank; },
          "final_update_stable_rank", "mean over layers of the final W_T - W_0's")
      .output(
          [](auto& o) -> auto& { return o.trained.final_update_effective_rank; },
          "final_update_effective_rank", "mean over layers of the final W_T - W_0's")
      .output(
          [](auto& o) -> auto& { return o.trained.final_weight_effective_rank; },
          "final_weight_effective_rank", "mean over layers of the final W_T's")
      .output(
          [](auto& o) -> auto& { return o.trained.log.final_loss; }, "final_loss",
          "batch loss at the final weights")
      .output(
          [](auto& o) -> auto& { return o.trained.samples; }, "samples",
          "final samples, one per row")
      .output(
          [](auto& o) -> auto& { return o.trained.coverage.weights; }, "mode_weights",
          "fraction of the final samples in each mode's 99% ball")
      .output(
          [](auto& o) -> auto& { return o.trained.coverage.covered; }, "modes_covered",
          "modes holding at least a quarter of their expected share")
      .output(
          [](auto& o) -> auto& { return o.trained.coverage.weight_tv; }, "weight_tv",
          "total variation between sample and target mode weights")
      .output(
          [](auto& o) -> auto& { return o.trained.coverage.off_mode_fraction; },
          "off_mode_fraction", "final samples in no mode's 99% ball");
};

lc::Progress progress_of(assay::Context& ctx) {
  return [&ctx](double f) {
    ctx.progress(f);
    ctx.throw_if_cancelled();
  };
}

// ---------------------------------------------------------------- gaussian_mixtures

struct MixtureSettings {
  lc::MixtureSpec spec;
  int n_train = 2000;
};

struct MixtureData {
  lc::LabelledSamples train;
  lc::Mixture mixture;
};

MixtureData gaussian_mixtures(const MixtureSettings& s, assay::Context& ctx) {
  MixtureData d;
  try {
    d.mixture = lc::make_mixture(s.spec);
  } catch (const std::invalid_argument& e) {
    throw assay::Error(std::string(e.what()) + "; change the param");
  }
  auto rng = ctx.rng();
  d.train = lc::sample(d.mixture, s.n_train, rng);
  return d;
}

assay::MethodExport gaussian_mixtures_method() {
  using S = MixtureSettings;
  return assay::method<S, MixtureData>(
             "gaussian_mixtures",
             "Isotropic Gaussian mixture target and a training set drawn from it")
      .cite(kPaper)
      .param(
          [](S & s) -> auto& { return s.spec.dim; }, "dim",
          "dimension (2 and 10 in the paper's settings)", assay::range(1, 1024))
      .param(
          [](S & s) -> auto& { return s.spec.modes; }, "modes", "number of modes",
          assay::range(1, 1024))
      .param(
          [](S & s) -> auto& { return s.spec.separation; }, "separation",
          "distance between neighbouring means", assay::range(0, 1e6))
      .param(
          [](S & s) -> auto& { return s.spec.mode_sd; }, "mode_sd",
          "standard deviation of each coordinate of a mode", assay::range(1e-9, 1e6))
      .param(
          [](S & s) -> auto& { return s.spec.weight_ratio; }, "weight_ratio",
          "largest / smallest mode weight, geometric in between (1: equal)", assay::range(1, 1e6))
      .choice(
          [](S & s) -> auto& { return s.spec.layout; }, "layout",
          {{"ring", lc::Layout::ring}, {"simplex", lc::Layout::simplex}},
          "ring: means on a circle in the first two coordinates; simplex: at separation / "
          "sqrt(2) times the first unit vectors (modes <= dim)")
      .param(&S::n_train, "n_train", "training points (small sets make memorisation possible)",
             assay::range(1, 1 << 24))
      .output(
          [](MixtureData & d) -> auto& { return d.train.x; }, "train",
          "n_train x dim training points")
      .output(
          [](MixtureData & d) -> auto& { return d.train.mode; }, "labels",
          "mode of each training point")
      .output(
          [](MixtureData & d) -> auto& { return d.mixture.means; }, "means", "modes x dim means")
      .output(
          [](MixtureData & d) -> auto& { return d.mixture.weights; }, "weights",
          "mode weights, largest first")
      .output(
          [](MixtureData & d) -> auto& { return d.mixture.sd; }, "sd",
          "the mode standard deviation")
      .run(gaussian_mixtures);
}

// ---------------------------------------------------------------- flow_matching_train

struct FlowMatchingSettings {
  lc::Mixture target;
  Training training;
  lc::EvaluationOptions evaluation;
  Eigen::MatrixXd train;
};

struct FlowMatchingSummary {
  Trained trained;
  std::vector<HistoryRow> history;
  lc::Memorisation memorisation;
  int sampler_evaluations = 0;
};

FlowMatchingSummary flow_matching_train(const FlowMatchingSettings& s, assay::Context& ctx) {
  require_consistent(s.target);
  if (s.train.cols() != s.target.dim())
    throw assay::Error("train: " + std::to_string(s.train.cols()) + " columns but the means " +
                       std::to_string(s.target.dim()) + "; connect one gaussian_mixtures node");
  const auto r = lc::flow_matching_study(s.target, s.train, fm_options(s.training), s.evaluation,
                                         ctx.seed(), progress_of(ctx));
  return {trained(r.log, r.samples, r.coverage),
          history_rows(r.log, r.history.modes_covered, r.history.weight_tv, r.history.nn_ratio),
          r.memorisation, r.evaluations};
}

assay::MethodExport flow_matching_train_method() {
  using S = FlowMatchingSettings;
  using O = FlowMatchingSummary;
  return assay::method<S, O>("flow_matching_train",
                             "I-CFM (sigma 0) on an MLP velocity field with per-layer rank logs "
                             "of gradients, updates and weights; samples by RK4 or "
                             "Dormand-Prince")
      .with(target_inputs)
      .with(network_params)
      .with(sampler_params)
      .with(rank_log_outputs)
      .cite(kPaper)
      .input(&S::train, "train", "training points, one per row (gaussian_mixtures.train)")
      .param(
          [](S & s) -> auto& { return s.training.schedule.update_rank; }, "update_rank",
          "project every update of every weight matrix onto its top-k singular subspace (0: "
          "full rank)",
          assay::range(0, 4096))
      .param(
          [](S & s) -> auto& { return s.evaluation.log_samples; }, "log_samples",
          "samples (RK4, 20 steps) at each logged step; 0: none", assay::range(0, 1 << 20))
      .output(&O::history, "history",
              "per logged step: step, loss, modes_covered, weight_tv, nn_ratio",
              assay::columns<HistoryRow>()
                  .column(&HistoryRow::step, "step")
                  .column(&HistoryRow::loss, "loss")
                  .column(&HistoryRow::modes_covered, "modes_covered")
                  .column(&HistoryRow::weight_tv, "weight_tv")
                  .column(&HistoryRow::nn_ratio, "nn_ratio"))
      .output(
          [](O & o) -> auto& { return o.memorisation.nn_distance; }, "nn_distance",
          "mean distance of the final samples to the training set")
      .output(
          [](O & o) -> auto& { return o.memorisation.ratio; }, "nn_ratio",
          "nn_distance over that of fresh target draws (1: generalises, 0: copies the "
          "training set)")
      .output(&O::sampler_evaluations, "sampler_evaluations",
              "field evaluations of the final sampler")
      .claims(lc::flow_matching_train_claims())
      .run(flow_matching_train);
}

// ---------------------------------------------------------------- vi_train

struct ViSettings {
  lc::Mixture target;
  Training training;
  lc::Family family = lc::Family::coupling_flow;
  int layers = 6;
  int samples = 2000;
  int log_samples = 500;
};

struct ViSummary {
  Trained trained;
  std::vector<HistoryRow> history;
  double kl = 0;
  double kl_se = 0;
};

ViSummary vi_train(const ViSettings& s, assay::Context& ctx) {
  require_consistent(s.target);
  const auto r = lc::vi_study(s.target, vi_options(s.family, s.layers, s.training), s.samples,
                              s.log_samples, ctx.seed(), progress_of(ctx));
  return {trained(r.log, r.samples, r.coverage), history_rows(r.log, r.modes_covered, r.weight_tv),
          r.kl, r.kl_se};
}

assay::MethodExport vi_train_method() {
  using S = ViSettings;
  return assay::method<S, ViSummary>("vi_train",
                                     "Reverse-KL variational inference of a mixture target with "
                                     "a coupling flow or a Gaussian, with per-layer rank logs")
      .with(target_inputs)
      .with(network_params)
      .with(vi_params)
      .with(rank_log_outputs)
      .cite(kPaper)
      .param(
          [](S & s) -> auto& { return s.training.schedule.update_rank; }, "update_rank",
          "project every update of every conditioner weight onto its top-k singular subspace "
          "(0: full rank)",
          assay::range(0, 4096))
      .param(&S::samples, "samples", "final draws of q", assay::range(2, 1 << 22))
      .param(&S::log_samples, "log_samples", "draws of q at each logged step; 0: none",
             assay::range(0, 1 << 20))
      .output(&ViSummary::history, "history",
              "per logged step: step, loss, modes_covered, weight_tv",
              assay::columns<HistoryRow>()
                  .column(&HistoryRow::step, "step")
                  .column(&HistoryRow::loss, "loss")
                  .column(&HistoryRow::modes_covered, "modes_covered")
                  .column(&HistoryRow::weight_tv, "weight_tv"))
      .output(&ViSummary::kl, "kl", "Monte Carlo KL(q || p) on the final draws")
      .output(&ViSummary::kl_se, "kl_se", "its standard error")
      .run(vi_train);
}

// ---------------------------------------------------------------- rank_intervention

struct InterventionSettings {
  lc::Mixture target;
  Training training;
  lc::EvaluationOptions evaluation{{}, 2000, 0};  // no samples at the logged steps
  lc::Family family = lc::Family::coupling_flow;
  int layers = 6;
  std::optional<Eigen::MatrixXd> train;
  std::string task = "flow_matching";
  std::vector<int> ranks{1, 2, 4, 0};
};

struct InterventionCurve {
  std::vector<lc::InterventionPoint> curve;
  double coverage_trend = 0;
};

std::vector<lc::InterventionPoint> run_intervention(const InterventionSettings& s,
                                                    assay::Context& ctx) {
  require_consistent(s.target);
  if (s.ranks.empty()) throw assay::Error("ranks: empty; list the k to run, e.g. [1, 2, 4, 0]");
  if (s.task == "vi")
    return lc::vi_intervention(s.target, vi_options(s.family, s.layers, s.training),
                               s.evaluation.samples, s.ranks, ctx.seed(), progress_of(ctx));
  if (!s.train)
    throw assay::Error(
        "train: task flow_matching needs training points; connect gaussian_mixtures.train");
  return lc::flow_matching_intervention(s.target, *s.train, fm_options(s.training), s.evaluation,
                                        s.ranks, ctx.seed(), progress_of(ctx));
}

InterventionCurve rank_intervention(const InterventionSettings& s, assay::Context& ctx) {
  auto points = run_intervention(s, ctx);
  const double trend = lc::coverage_rank_trend(points);
  return {std::move(points), trend};
}

assay::MethodExport rank_intervention_method() {
  using S = InterventionSettings;
  using P = lc::InterventionPoint;
  return assay::method<S, InterventionCurve>(
             "rank_intervention",
             "The same training with every update projected onto its top-k singular subspace "
             "per layer, for each k: mode coverage vs k")
      .with(target_inputs)
      .with(network_params)
      .with(sampler_params)
      .with(vi_params)
      .cite(kPaper)
      .input(&S::train, "train", "training points (task flow_matching)")
      .choice(&S::task, "task", {"flow_matching", "vi"},
              "flow_matching (needs train) or vi (family coupling_flow or gaussian)")
      .param(&S::ranks, "ranks", "the k to run; 0: full rank", assay::range(0, 4096))
      .output(&InterventionCurve::curve, "curve",
              "per k: rank, modes_covered, weight_tv, off_mode_fraction, update_stable_rank, "
              "final_loss, nn_ratio (FM), kl (VI)",
              assay::columns<P>()
                  .column(&P::rank, "rank")
                  .column(&P::modes_covered, "modes_covered")
                  .column(&P::weight_tv, "weight_tv")
                  .column(&P::off_mode_fraction, "off_mode_fraction")
                  .column(&P::update_stable_rank, "update_stable_rank")
                  .column(&P::final_loss, "final_loss")
                  .column(&P::nn_ratio, "nn_ratio")
                  .column(&P::kl, "kl"))
      .output(&InterventionCurve::coverage_trend, "coverage_trend",
              "Spearman of k (full rank last) with modes covered: +1 monotone rise")
      .claims(lc::rank_intervention_claims())
      .run(rank_intervention);
}

}  // namespace

ASSAY_PLUGIN("lowrank_collapse", "0.1.0", "MIT", gaussian_mixtures_method(),
             flow_matching_train_method(), vi_train_method(), rank_intervention_method())
