// The hrnn_navigation plugin: SDK glue for the hierarchical RNN of angular and positional path
// integration (seed paper 5). The science lives in the other files of this folder; here each
// method binds its params, inputs and outputs to the science's structs.
#include <assay/sdk.hpp>

#include "paper_claims.hpp"
#include "perturbation.hpp"

namespace {

namespace hn = assay::hrnn_navigation;

constexpr const char* kPaper =
    "A hierarchical RNN for angular and positional path integration: head-direction, "
    "angular-velocity, speed and grid cells (seed paper 5)";

// The params of an In's `walk` (hn::WalkOptions; its initialisers are the defaults).
const auto walk_params = [](auto& b) {
  b.param(
       [](auto& s) -> auto& { return s.walk.box; }, "box", "side of the square box [m]",
       assay::range(0.1, 100))
      .param(
          [](auto& s) -> auto& { return s.walk.dt; }, "dt", "time step [s]", assay::range(1e-4, 1))
      .param(
          [](auto& s) -> auto& { return s.walk.rotation_sigma; }, "rotation_sigma",
          "sd of the turning rate [rad/s]", assay::range(0, 1000))
      .param(
          [](auto& s) -> auto& { return s.walk.speed_scale; }, "speed_scale",
          "Rayleigh scale of the speed [m/s]", assay::range(1e-6, 100))
      .param(
          [](auto& s) -> auto& { return s.walk.border_region; }, "border_region",
          "distance at which wall avoidance starts [m]", assay::range(0, 10));
};

// The walks a trained network is evaluated on.
struct EvaluationWalks {
  int walks = 100;
  int walk_steps = 200;
};

const auto evaluation_params = [](auto& b) {
  b.param(
       [](auto& s) -> auto& { return s.evaluation.walks; }, "walks", "evaluation walks",
       assay::range(1, 100000))
      .param(
          [](auto& s) -> auto& { return s.evaluation.walk_steps; }, "walk_steps",
          "steps per evaluation walk", assay::range(1, 1 << 20));
};

hn::Walks evaluation_walks(const EvaluationWalks& e, const hn::Task& task,
                           const assay::Context& ctx) {
  auto rng = ctx.rng(1);
  return hn::random_walks(task.walk, e.walks, e.walk_steps, rng);
}

// The shuffle null shifts by min_shift .. length - min_shift steps.
void require_shuffle_room(const hn::Walks& walks, int min_shift) {
  if (walks.speed.size() <= 2 * min_shift)
    throw assay::Error("min_shift: " + std::to_string(min_shift) +
                       " steps needs a recording of "
                       "more than twice that; raise walks or walk_steps, or lower min_shift");
}

// ---------------------------------------------------------------- the trained-network ports
//
// setting: hierarchical (0/1), size_a, size_p, kappa, place_sigma, surround, then the walk:
// box, dt, rotation_sigma, speed_scale, border_region.
constexpr int kSettingSize = 11;

struct Network {
  hn::Architecture arch;
  hn::Task task;
  hn::Weights weights;
};

// A trained network as it travels between nodes: outputs of hrnn_train, inputs of the analyses.
struct NetworkPorts {
  Eigen::MatrixXd input, recurrent, init, readout, place_centres;
  Eigen::VectorXd setting;
};

struct MatrixPort {
  Eigen::MatrixXd NetworkPorts::*member;
  const char* name;
  const char* doc;
};
const MatrixPort kMatrixPorts[] = {
    {&NetworkPorts::input, "input", "units x 2 input weights (angular velocity, speed)"},
    {&NetworkPorts::recurrent, "recurrent", "units x units recurrent weights (row: target)"},
    {&NetworkPorts::init, "init", "units x codes: initial state from the start pose's code"},
    {&NetworkPorts::readout, "readout", "codes x units: head-direction then place logits"},
    {&NetworkPorts::place_centres, "place_centres", "place cells x 2 centres [m]"}};
constexpr const char* kSettingDoc = "architecture and task (see README)";

// The outputs of an Out's `network`.
const auto network_outputs = [](auto& b) {
  for (const auto& p : kMatrixPorts)
    b.output(
        [m = p.member](auto& o) -> auto& { return o.network.*m; }, p.name, p.doc);
  b.output(
      [](auto& o) -> auto& { return o.network.setting; }, "setting", kSettingDoc);
};

// The inputs of an In's `network`.
const auto network_inputs = [](auto& b) {
  for (const auto& p : kMatrixPorts)
    b.input(
        [m = p.member](auto& s) -> auto& { return s.network.*m; }, p.name,
        std::string("hrnn_train.") + p.name + ": " + p.doc);
  b.input(
      [](auto& s) -> auto& { return s.network.setting; }, "setting",
      std::string("hrnn_train.setting: ") + kSettingDoc);
};

Eigen::MatrixXd to_eigen(const hn::FloatMatrix& m) { return m.cast<double>(); }
hn::FloatMatrix to_float(const Eigen::MatrixXd& m) { return m.cast<float>(); }

NetworkPorts ports_of(const Network& n) {
  const auto& w = n.task.walk;
  Eigen::VectorXd s(kSettingSize);
  s << (n.arch.hierarchical ? 1 : 0), n.arch.size_a, n.arch.size_p, n.task.hd.kappa,
      n.task.place.sigma, n.task.place.surround, w.box, w.dt, w.rotation_sigma, w.speed_scale,
      w.border_region;
  return {to_eigen(n.weights.input),   to_eigen(n.weights.recurrent), to_eigen(n.weights.init),
          to_eigen(n.weights.readout), n.task.place.centres,          std::move(s)};
}

Network network_of(const NetworkPorts& p) {
  const auto& s = p.setting;
  if (s.size() != kSettingSize)
    throw assay::Error("setting: " + std::to_string(s.size()) + " entries, expected " +
                       std::to_string(kSettingSize) + "; connect hrnn_train.setting");
  Network n;
  n.task.place.centres = p.place_centres;
  n.weights = {to_float(p.input), to_float(p.recurrent), to_float(p.init), to_float(p.readout)};
  n.arch = {s(0) != 0, static_cast<int>(s(1)), static_cast<int>(s(2)),
            static_cast<int>(n.weights.readout.rows() - n.task.place.centres.rows()),
            static_cast<int>(n.task.place.centres.rows())};
  if (n.weights.recurrent.rows() != n.arch.units() || n.weights.init.cols() != n.arch.codes())
    throw assay::Error(
        "recurrent/init: shapes do not match setting; connect one hrnn_train's "
        "outputs to all network inputs");
  n.task.hd = {n.arch.hd_cells, s(3)};
  n.task.place.sigma = s(4);
  n.task.place.surround = s(5);
  n.task.walk = {s(6), s(7), s(8), s(9), s(10)};
  return n;
}

// ---------------------------------------------------------------- trajectories

struct WalkSettings {
  hn::WalkOptions walk;
  int batch = 100;
  int steps = 20;
};

assay::MethodExport trajectories_method() {
  using W = hn::Walks;
  return assay::method<WalkSettings, W>("trajectories",
                                        "Random walks in a square box with border avoidance")
      .with(walk_params)
      .cite(kPaper)
      .param(&WalkSettings::batch, "batch", "walks", assay::range(1, 1 << 20))
      .param(&WalkSettings::steps, "steps", "steps per walk", assay::range(1, 1 << 20))
      .output(&W::angular_velocity, "angular_velocity", "batch x steps [rad/s]")
      .output(&W::speed, "speed", "batch x steps [m/s]")
      .output(&W::heading, "heading", "batch x (steps + 1), unwrapped [rad]")
      .output(&W::x, "x", "batch x (steps + 1) [m]")
      .output(&W::y, "y", "batch x (steps + 1) [m]")
      .run([](const WalkSettings& s, assay::Context& ctx) {
        auto rng = ctx.rng();
        return hn::random_walks(s.walk, s.batch, s.steps, rng);
      });
}

// ---------------------------------------------------------------- hrnn_train

struct TrainSettings {
  hn::WalkOptions walk;
  EvaluationWalks evaluation;
  hn::Architecture arch;
  double kappa = 4.0;
  double place_sigma = 0.12;
  double surround = 2.0;
  hn::TrainOptions training;
};

struct LossRow {
  int step = 0;
  double loss = 0;
};

struct TrainSummary {
  NetworkPorts network;
  std::vector<LossRow> history;
  Eigen::VectorXd position_error, heading_error;
  double position_error_trained_horizon = 0;
  double heading_error_trained_horizon = 0;
};

TrainSummary hrnn_train(const TrainSettings& s, assay::Context& ctx) {
  Network n;
  n.arch = s.arch;
  auto rng = ctx.rng();
  n.task = hn::make_task(n.arch, s.walk, s.place_sigma, s.surround, s.kappa, rng);
  const auto trained = hn::train(n.arch, n.task, s.training, rng, [&](double f) {
    ctx.progress(f);
    ctx.throw_if_cancelled();
  });
  n.weights = trained.weights;
  const auto e = hn::evaluate(n.weights, n.task, evaluation_walks(s.evaluation, n.task, ctx));
  const int h = std::min<int>(s.training.horizon, static_cast<int>(e.position_error.size()));
  TrainSummary out{ports_of(n),
                   {},
                   e.position_error,
                   e.heading_error,
                   hn::mean_over_steps(e.position_error, 0, h),
                   hn::mean_over_steps(e.heading_error, 0, h)};
  for (std::size_t i = 0; i < trained.loss.size(); ++i)
    out.history.push_back({static_cast<int>(i + 1), trained.loss[i]});
  return out;
}

assay::MethodExport hrnn_train_method() {
  using S = TrainSettings;
  using O = TrainSummary;
  return assay::method<S, O>("hrnn_train",
                             "Trains the hierarchical RNN (A: angular velocity -> head "
                             "direction; P: speed and A's state -> place cells) or its flat "
                             "control by BPTT")
      .with(walk_params)
      .with(evaluation_params)
      .with(network_outputs)
      .cite(kPaper)
      .choice(
          [](S & s) -> auto& { return s.arch.hierarchical; }, "model",
          // Typed pairs: {"flat", false} would also read as a std::string(text, count).
          std::vector<std::pair<std::string, bool>>{{"hierarchical", true}, {"flat", false}},
          "hierarchical: A feeds P; flat: one RNN of size_a + size_p units, same inputs")
      .param(
          [](S & s) -> auto& { return s.arch.size_a; }, "size_a",
          "units of A (flat: part of the total)", assay::range(1, 8192))
      .param(
          [](S & s) -> auto& { return s.arch.size_p; }, "size_p",
          "units of P (flat: part of the total)", assay::range(1, 8192))
      .param(
          [](S & s) -> auto& { return s.arch.hd_cells; }, "hd_cells",
          "von Mises head-direction cells", assay::range(3, 4096))
      .param(&S::kappa, "kappa", "head-direction concentration", assay::range(1e-3, 1000))
      .param(
          [](S & s) -> auto& { return s.arch.place_cells; }, "place_cells", "DoG place cells",
          assay::range(3, 8192))
      .param(&S::place_sigma, "place_sigma", "place-cell width [m]", assay::range(1e-4, 10))
      .param(&S::surround, "surround", "surround / centre width (1 would cancel the DoG)",
             assay::range(1.1, 100))
      .param(
          [](S & s) -> auto& { return s.training.steps; }, "train_steps", "Adam steps",
          assay::range(1, 1 << 24))
      .param(
          [](S & s) -> auto& { return s.training.batch; }, "train_batch", "walks per step",
          assay::range(1, 1 << 16))
      .param(
          [](S & s) -> auto& { return s.training.horizon; }, "horizon", "steps per training walk",
          assay::range(1, 1 << 16))
      .param(
          [](S & s) -> auto& { return s.training.lr; }, "lr", "Adam learning rate",
          assay::range(1e-8, 10))
      .param(
          [](S & s) -> auto& { return s.training.weight_decay; }, "weight_decay",
          "on the recurrent weights", assay::range(0, 10))
      .output(
          &O::history, "history", "per step: step, loss",
          assay::columns<LossRow>().column(&LossRow::step, "step").column(&LossRow::loss, "loss"))
      .output(&O::position_error, "position_error", "per evaluation step: mean decoding error [m]")
      .output(&O::heading_error, "heading_error", "per evaluation step: mean |error| [rad]")
      .output(&O::position_error_trained_horizon, "position_error_trained_horizon",
              "mean over steps 1..horizon [m]")
      .output(&O::heading_error_trained_horizon, "heading_error_trained_horizon",
              "mean over steps 1..horizon [rad]")
      .claims(hn::hrnn_train_claims())
      .run(hrnn_train);
}

// ---------------------------------------------------------------- cell_types

struct ClassifySettings {
  NetworkPorts network;
  EvaluationWalks evaluation{100, 500};
  int resolution = 20;
  int shuffles = 10;
  int min_shift = 50;
};

// Units of a module above each score's null.
struct TypeCount {
  std::string module;
  int units = 0, grid = 0, hd = 0, speed = 0, av = 0, conjunctive = 0;
};

TypeCount type_count(const std::string& module, const hn::CellTypes& c, int first, int count) {
  const auto above = [&](const Eigen::VectorXd& s, double null) {
    return (s.segment(first, count).array() > null);
  };
  const auto& s = c.scores;
  const auto& n = c.null95;
  return {module,
          count,
          static_cast<int>(above(s.grid, n.grid(0)).count()),
          static_cast<int>(above(s.hd, n.hd(0)).count()),
          static_cast<int>(above(s.speed, n.speed(0)).count()),
          static_cast<int>(above(s.av, n.av(0)).count()),
          static_cast<int>((above(s.grid, n.grid(0)) && above(s.hd, n.hd(0))).count())};
}

struct ScoreNull {
  std::string score;
  double null95 = 0;
};

struct Classification {
  hn::Scores scores;
  Eigen::VectorXd av_correlation, preferred_heading;
  Eigen::MatrixXd rate_maps;
  std::vector<TypeCount> counts;
  std::vector<ScoreNull> null95;
};

Classification cell_types(const ClassifySettings& s, assay::Context& ctx) {
  const Network n = network_of(s.network);
  const auto walks = evaluation_walks(s.evaluation, n.task, ctx);
  require_shuffle_room(walks, s.min_shift);
  const auto rec = hn::record(walks, hn::evaluate(n.weights, n.task, walks).states);
  auto rng = ctx.rng(2);
  auto c = hn::classify(rec, n.task.walk.box, s.resolution, s.shuffles, s.min_shift, rng);
  Classification out{c.scores, hn::angular_velocity_correlation(rec), hn::preferred_heading(rec),
                     std::move(c.rate_maps)};
  if (n.arch.hierarchical) {
    out.counts.push_back(type_count("A", c, 0, n.arch.size_a));
    out.counts.push_back(type_count("P", c, n.arch.size_a, n.arch.size_p));
  }
  out.counts.push_back(type_count("all", c, 0, n.arch.units()));
  out.null95 = {{"grid", c.null95.grid(0)},
                {"hd", c.null95.hd(0)},
                {"speed", c.null95.speed(0)},
                {"av", c.null95.av(0)}};
  return out;
}

assay::MethodExport cell_types_method() {
  using S = ClassifySettings;
  using O = Classification;
  return assay::method<S, O>("cell_types",
                             "Grid, head-direction, speed and angular-velocity scores of every "
                             "unit against circular-time-shift shuffle nulls (95th percentile), "
                             "and counts per type")
      .with(network_inputs)
      .with(evaluation_params)
      .cite(kPaper)
      .param(&S::resolution, "resolution", "rate-map bins per side", assay::range(4, 200))
      .param(&S::shuffles, "shuffles", "shuffles per unit (the null pools all units)",
             assay::range(1, 10000))
      .param(&S::min_shift, "min_shift", "smallest circular shift [steps]",
             assay::range(1, 1 << 20))
      .output(
          [](O & o) -> auto& { return o.scores.grid; }, "grid_score", "per unit")
      .output(
          [](O & o) -> auto& { return o.scores.hd; }, "hd_score",
          "per unit: Rayleigh vector length")
      .output(
          [](O & o) -> auto& { return o.scores.speed; }, "speed_score", "per unit: |r| with speed")
      .output(
          [](O & o) -> auto& { return o.scores.av; }, "av_score",
          "per unit: |r| with angular velocity")
      .output(&O::av_correlation, "av_correlation", "per unit: signed r with angular velocity")
      .output(&O::preferred_heading, "preferred_heading", "per unit [rad]")
      .output(&O::rate_maps, "rate_maps", "units x resolution^2, row-major maps")
      .output(&O::counts, "counts",
              "per module (A, P or all): units, grid, hd, speed, av, conjunctive",
              assay::columns<TypeCount>()
                  .column(&TypeCount::module, "module")
                  .column(&TypeCount::units, "units")
                  .column(&TypeCount::grid, "grid")
                  .column(&TypeCount::hd, "hd")
                  .column(&TypeCount::speed, "speed")
                  .column(&TypeCount::av, "av")
                  .column(&TypeCount::conjunctive, "conjunctive"))
      .output(&O::null95, "null95", "per score: the 95th percentile of its shuffle null",
              assay::columns<ScoreNull>()
                  .column(&ScoreNull::score, "score")
                  .column(&ScoreNull::null95, "null95"))
      .claims(hn::cell_types_claims())
      .run(cell_types);
}

// ---------------------------------------------------------------- hrnn_perturb

struct PerturbSettings {
  NetworkPorts network;
  EvaluationWalks evaluation;
  int ring_samples = 200;
  int ring_steps = 50;
  int permutations = 999;
};

struct Silencing {
  std::string condition;
  double position_error = 0, heading_error = 0;
};

struct Measure {
  std::string measure;
  double value = 0;
};

struct Perturbation {
  std::vector<Silencing> silencing;
  std::vector<Measure> ring;
  bool is_ring = false;
  std::vector<hn::Asymmetry> asymmetry;  // one row
};

std::vector<Silencing> silencing(const Network& n, const hn::Walks& walks,
                                 const hn::Evaluation& intact) {
  const int na = n.arch.size_a, np = n.arch.size_p;
  const auto no_a = hn::evaluate(hn::silenced(n.weights, hn::unit_range(0, na)), n.task, walks);
  const auto no_p = hn::evaluate(hn::silenced(n.weights, hn::unit_range(na, np)), n.task, walks);
  const auto row = [](const char* name, const hn::Evaluation& e) {
    return Silencing{name, e.position_error.mean(), e.heading_error.mean()};
  };
  return {row("intact", intact), row("silence_A", no_a), row("silence_P", no_p)};
}

Perturbation hrnn_perturb(const PerturbSettings& s, assay::Context& ctx) {
  const Network n = network_of(s.network);
  if (!n.arch.hierarchical)
    throw assay::Error(
        "setting: a flat network has no modules to perturb; connect a "
        "hierarchical hrnn_train");
  const auto walks = evaluation_walks(s.evaluation, n.task, ctx);
  const auto intact = hn::evaluate(n.weights, n.task, walks);
  Perturbation out;
  out.silencing = silencing(n, walks, intact);
  auto rng = ctx.rng(2);
  const auto ring = hn::ring_attractor_test(n.weights, n.arch, n.task, intact.states,
                                            s.ring_samples, s.ring_steps, n.task.walk.dt, rng);
  out.ring = {{"top2_variance", ring.top2_variance},
              {"radius_cv", ring.radius_cv},
              {"coverage_resultant", ring.coverage_resultant},
              {"drift_rad_per_s", ring.drift},
              {"final_norm", ring.final_norm}};
  out.is_ring = ring.is_ring();
  const auto rec = hn::record(walks, intact.states);
  constexpr int kMinShift = 50;  // 1 s, as cell_types' default
  require_shuffle_room(walks, kMinShift);
  const auto types = hn::classify(rec, n.task.walk.box, 20, 10, kMinShift, rng);
  out.asymmetry = {hn::turning_asymmetry(n.weights, n.arch, rec, types, s.permutations, rng)};
  return out;
}

assay::MethodExport hrnn_perturb_method() {
  using S = PerturbSettings;
  using O = Perturbation;
  using A = hn::Asymmetry;
  return assay::method<S, O>("hrnn_perturb",
                             "Silences A or P of a trained hierarchical network, tests A for a "
                             "ring attractor and A's recurrent weights for a CW/CCW asymmetry")
      .with(network_inputs)
      .with(evaluation_params)
      .cite(kPaper)
      .param(&S::ring_samples, "ring_samples", "start states of the zero-input runs",
             assay::range(3, 100000))
      .param(&S::ring_steps, "ring_steps", "steps of each zero-input run", assay::range(1, 1 << 20))
      .param(&S::permutations, "permutations", "label permutations of the asymmetry null",
             assay::range(19, 1 << 20))
      .output(&O::silencing, "silencing",
              "per condition (intact, silence_A, silence_P): mean position and heading errors "
              "over the evaluation steps",
              assay::columns<Silencing>()
                  .column(&Silencing::condition, "condition")
                  .column(&Silencing::position_error, "position_error")
                  .column(&Silencing::heading_error, "heading_error"))
      .output(&O::ring, "ring", "the ring-attractor measures (definition in README)",
              assay::columns<Measure>()
                  .column(&Measure::measure, "measure")
                  .column(&Measure::value, "value"))
      .output(&O::is_ring, "is_ring", "A passes the ring-attractor definition")
      .output(&O::asymmetry, "asymmetry", "CW/CCW statistic, its null95, p and unit counts",
              assay::columns<A>()
                  .column(&A::statistic, "statistic")
                  .column(&A::null95, "null95")
                  .column(&A::p_value, "p_value")
                  .column(&A::ccw_units, "ccw_units")
                  .column(&A::cw_units, "cw_units")
                  .column(&A::targets, "targets"))
      .claims(hn::hrnn_perturb_claims())
      .run(hrnn_perturb);
}

}  // namespace

ASSAY_PLUGIN("hrnn_navigation", "0.1.0", "MIT", trajectories_method(), hrnn_train_method(),
             cell_types_method(), hrnn_perturb_method())
