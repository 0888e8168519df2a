// The hrnn_navigation plugin: SDK glue for the hierarchical RNN of angular and positional path
// integration (seed paper 5). The science lives in the other files of this folder.
#include <assay/sdk.hpp>

#include "paper_claims.hpp"
#include "perturbation.hpp"

namespace {

namespace hn = assay::hrnn_navigation;

constexpr const char* kPaper =
    "A hierarchical RNN for angular and positional path integration: head-direction, "
    "angular-velocity, speed and grid cells (seed paper 5)";

assay::MethodInfo with_walk_params(assay::MethodInfo info) {
  return info.param<double>("box", 2.2, "side of the square box [m]", assay::range(0.1, 100))
      .param<double>("dt", 0.02, "time step [s]", assay::range(1e-4, 1))
      .param<double>("rotation_sigma", 11.52, "sd of the turning rate [rad/s]",
                     assay::range(0, 1000))
      .param<double>("speed_scale", 0.13 * 2 * M_PI, "Rayleigh scale of the speed [m/s]",
                     assay::range(1e-6, 100))
      .param<double>("border_region", 0.03, "distance at which wall avoidance starts [m]",
                     assay::range(0, 10));
}

hn::WalkOptions read_walk(const assay::Context& ctx) {
  hn::WalkOptions o;
  o.box = ctx.param<double>("box");
  o.dt = ctx.param<double>("dt");
  o.rotation_sigma = ctx.param<double>("rotation_sigma");
  o.speed_scale = ctx.param<double>("speed_scale");
  o.border_region = ctx.param<double>("border_region");
  return o;
}

// The lower end of a 95% interval over seeds must reach `bound`.
assay::CheckResult lower_bound_at_least(const hn::MeanCi& c, double bound,
                                        const std::string& what) {
  return assay::expect_at_least(c.lower, bound,
                                "lower 95% bound of " + what + "; mean " + assay::to_text(c.mean));
}

// More units of a type than the 5% a 95th-percentile null passes by chance.
assay::CheckFn type_fraction_check(hn::MeanCi hn::TypeFractions::*type) {
  return [type](const assay::CheckContext& ctx) {
    return lower_bound_at_least(hn::type_fraction_claim(ctx.seed).*type, 0.05, "the fraction");
  };
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

Eigen::MatrixXd to_eigen(const hn::FloatMatrix& m) { return m.cast<double>(); }
hn::FloatMatrix to_float(const Eigen::MatrixXd& m) { return m.cast<float>(); }

void write_network(assay::Context& ctx, const Network& n) {
  ctx.output("input", to_eigen(n.weights.input));
  ctx.output("recurrent", to_eigen(n.weights.recurrent));
  ctx.output("init", to_eigen(n.weights.init));
  ctx.output("readout", to_eigen(n.weights.readout));
  ctx.output("place_centres", Eigen::MatrixXd(n.task.place.centres));
  const auto& w = n.task.walk;
  Eigen::VectorXd s(kSettingSize);
  s << (n.arch.hierarchical ? 1 : 0), n.arch.size_a, n.arch.size_p, n.task.hd.kappa,
      n.task.place.sigma, n.task.place.surround, w.box, w.dt, w.rotation_sigma, w.speed_scale,
      w.border_region;
  ctx.output("setting", std::move(s));
}

// The trained network's matrix ports, outputs of hrnn_train and inputs of the analyses.
struct NetworkPort {
  const char* name;
  const char* doc;
};
constexpr NetworkPort kMatrixPorts[] = {
    {"input", "units x 2 input weights (angular velocity, speed)"},
    {"recurrent", "units x units recurrent weights (row: target)"},
    {"init", "units x codes: initial state from the start pose's code"},
    {"readout", "codes x units: head-direction then place logits"},
    {"place_centres", "place cells x 2 centres [m]"}};
constexpr const char* kSettingDoc = "architecture and task (see README)";

assay::MethodInfo with_network_outputs(assay::MethodInfo info) {
  for (const auto& p : kMatrixPorts) info.output<Eigen::MatrixXd>(p.name, p.doc);
  return info.output<Eigen::VectorXd>("setting", kSettingDoc);
}

assay::MethodInfo with_network_inputs(assay::MethodInfo info) {
  for (const auto& p : kMatrixPorts)
    info.input<Eigen::MatrixXd>(p.name, std::string("hrnn_train.") + p.name + ": " + p.doc);
  return info.input<Eigen::VectorXd>("setting", std::string("hrnn_train.setting: ") + kSettingDoc);
}

Network read_network(const assay::Context& ctx) {
  const auto s = ctx.input<Eigen::VectorXd>("setting");
  if (s.size() != kSettingSize)
    throw assay::Error("setting: " + std::to_string(s.size()) + " entries, expected " +
                       std::to_string(kSettingSize) + "; connect hrnn_train.setting");
  Network n;
  n.task.place.centres = ctx.input<Eigen::MatrixXd>("place_centres");
  n.weights = {to_float(ctx.input<Eigen::MatrixXd>("input")),
               to_float(ctx.input<Eigen::MatrixXd>("recurrent")),
               to_float(ctx.input<Eigen::MatrixXd>("init")),
               to_float(ctx.input<Eigen::MatrixXd>("readout"))};
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

hn::Walks evaluation_walks(const assay::Context& ctx, const hn::Task& task) {
  auto rng = ctx.rng(1);
  return hn::random_walks(task.walk, ctx.param<int>("walks"), ctx.param<int>("walk_steps"), rng);
}

// The shuffle null shifts by min_shift .. length - min_shift steps.
void require_shuffle_room(const hn::Walks& walks, int min_shift) {
  if (walks.speed.size() <= 2 * min_shift)
    throw assay::Error("min_shift: " + std::to_string(min_shift) +
                       " steps needs a recording of "
                       "more than twice that; raise walks or walk_steps, or lower min_shift");
}

assay::MethodInfo with_evaluation_params(assay::MethodInfo info, int steps) {
  return info.param<int>("walks", 100, "evaluation walks", assay::range(1, 100000))
      .param<int>("walk_steps", steps, "steps per evaluation walk", assay::range(1, 1 << 20));
}

// ---------------------------------------------------------------- trajectories

assay::MethodInfo trajectories_info() {
  return with_walk_params(
             assay::method("trajectories", "Random walks in a square box with border avoidance"))
      .cite(kPaper)
      .param<int>("batch", 100, "walks", assay::range(1, 1 << 20))
      .param<int>("steps", 20, "steps per walk", assay::range(1, 1 << 20))
      .output<Eigen::MatrixXd>("angular_velocity", "batch x steps [rad/s]")
      .output<Eigen::MatrixXd>("speed", "batch x steps [m/s]")
      .output<Eigen::MatrixXd>("heading", "batch x (steps + 1), unwrapped [rad]")
      .output<Eigen::MatrixXd>("x", "batch x (steps + 1) [m]")
      .output<Eigen::MatrixXd>("y", "batch x (steps + 1) [m]");
}

void trajectories(assay::Context& ctx) {
  auto rng = ctx.rng();
  auto w = hn::random_walks(read_walk(ctx), ctx.param<int>("batch"), ctx.param<int>("steps"), rng);
  ctx.output("angular_velocity", std::move(w.angular_velocity));
  ctx.output("speed", std::move(w.speed));
  ctx.output("heading", std::move(w.heading));
  ctx.output("x", std::move(w.x));
  ctx.output("y", std::move(w.y));
}

// ---------------------------------------------------------------- hrnn_train

assay::MethodInfo hrnn_train_info() {
  return with_network_outputs(
             with_evaluation_params(
                 with_walk_params(assay::method(
                     "hrnn_train",
                     "Trains the hierarchical RNN (A: angular velocity -> head direction; P: "
                     "speed and A's state -> place cells) or its flat control by BPTT")),
                 200))
      .cite(kPaper)
      .choice("model", "hierarchical", {"hierarchical", "flat"},
              "hierarchical: A feeds P; flat: one RNN of size_a + size_p units, same inputs")
      .param<int>("size_a", 32, "units of A (flat: part of the total)", assay::range(1, 8192))
      .param<int>("size_p", 64, "units of P (flat: part of the total)", assay::range(1, 8192))
      .param<int>("hd_cells", 32, "von Mises head-direction cells", assay::range(3, 4096))
      .param<double>("kappa", 4.0, "head-direction concentration", assay::range(1e-3, 1000))
      .param<int>("place_cells", 128, "DoG place cells", assay::range(3, 8192))
      .param<double>("place_sigma", 0.12, "place-cell width [m]", assay::range(1e-4, 10))
      .param<double>("surround", 2.0, "surround / centre width (1 would cancel the DoG)",
                     assay::range(1.1, 100))
      .param<int>("train_steps", 300, "Adam steps", assay::range(1, 1 << 24))
      .param<int>("train_batch", 50, "walks per step", assay::range(1, 1 << 16))
      .param<int>("horizon", 20, "steps per training walk", assay::range(1, 1 << 16))
      .param<double>("lr", 1e-3, "Adam learning rate", assay::range(1e-8, 10))
      .param<double>("weight_decay", 1e-4, "on the recurrent weights", assay::range(0, 10))
      .output<assay::Table>("history", "per step: step, loss")
      .output<Eigen::VectorXd>("position_error", "per evaluation step: mean decoding error [m]")
      .output<Eigen::VectorXd>("heading_error", "per evaluation step: mean |error| [rad]")
      .output<double>("position_error_trained_horizon", "mean over steps 1..horizon [m]")
      .output<double>("heading_error_trained_horizon", "mean over steps 1..horizon [rad]")
      .check("hrnn_generalises_position",
             "Position error grows less than the flat control's from the training horizon to "
             "5-10x it: per seed, growth = mean error over steps 101..200 - over 1..20; the "
             "lower end of the 95% t interval over 3 seeds of flat growth - HRNN growth is "
             "above 0.",
             [](const assay::CheckContext& ctx) {
               return lower_bound_at_least(hn::horizon_claim(ctx.seed).position, 0.0,
                                           "flat - HRNN growth [m]");
             })
      .check("hrnn_generalises_heading",
             "Heading error grows less than the flat control's from the training horizon to "
             "5-10x it (as hrnn_generalises_position, in rad).",
             [](const assay::CheckContext& ctx) {
               return lower_bound_at_least(hn::horizon_claim(ctx.seed).heading, 0.0,
                                           "flat - HRNN growth [rad]");
             });
}

void hrnn_train(assay::Context& ctx) {
  Network n;
  n.arch = {ctx.param<std::string>("model") == "hierarchical", ctx.param<int>("size_a"),
            ctx.param<int>("size_p"), ctx.param<int>("hd_cells"), ctx.param<int>("place_cells")};
  auto rng = ctx.rng();
  n.task = hn::make_task(n.arch, read_walk(ctx), ctx.param<double>("place_sigma"),
                         ctx.param<double>("surround"), ctx.param<double>("kappa"), rng);
  const hn::TrainOptions options{ctx.param<int>("train_steps"), ctx.param<int>("train_batch"),
                                 ctx.param<int>("horizon"), ctx.param<double>("lr"),
                                 ctx.param<double>("weight_decay")};
  const auto trained = hn::train(n.arch, n.task, options, rng, [&](double f) {
    ctx.progress(f);
    ctx.throw_if_cancelled();
  });
  n.weights = trained.weights;
  const auto e = hn::evaluate(n.weights, n.task, evaluation_walks(ctx, n.task));
  const int h = std::min<int>(options.horizon, static_cast<int>(e.position_error.size()));
  std::vector<std::int64_t> steps(trained.loss.size());
  for (std::size_t i = 0; i < steps.size(); ++i) steps[i] = static_cast<std::int64_t>(i + 1);
  assay::Table history;
  history.add("step", std::move(steps)).add("loss", trained.loss);
  ctx.output("history", std::move(history));
  ctx.output("position_error_trained_horizon", hn::mean_over_steps(e.position_error, 0, h));
  ctx.output("heading_error_trained_horizon", hn::mean_over_steps(e.heading_error, 0, h));
  ctx.output("position_error", Eigen::VectorXd(e.position_error));
  ctx.output("heading_error", Eigen::VectorXd(e.heading_error));
  write_network(ctx, n);
}

// ---------------------------------------------------------------- cell_types

assay::MethodInfo cell_types_info() {
  return with_evaluation_params(
             with_network_inputs(assay::method(
                 "cell_types",
                 "Grid, head-direction, speed and angular-velocity scores of every unit against "
                 "circular-time-shift shuffle nulls (95th percentile), and counts per type")),
             500)
      .cite(kPaper)
      .param<int>("resolution", 20, "rate-map bins per side", assay::range(4, 200))
      .param<int>("shuffles", 10, "shuffles per unit (the null pools all units)",
                  assay::range(1, 10000))
      .param<int>("min_shift", 50, "smallest circular shift [steps]", assay::range(1, 1 << 20))
      .output<Eigen::VectorXd>("grid_score", "per unit")
      .output<Eigen::VectorXd>("hd_score", "per unit: Rayleigh vector length")
      .output<Eigen::VectorXd>("speed_score", "per unit: |r| with speed")
      .output<Eigen::VectorXd>("av_score", "per unit: |r| with angular velocity")
      .output<Eigen::VectorXd>("av_correlation", "per unit: signed r with angular velocity")
      .output<Eigen::VectorXd>("preferred_heading", "per unit [rad]")
      .output<Eigen::MatrixXd>("rate_maps", "units x resolution^2, row-major maps")
      .output<assay::Table>("counts",
                            "per module (A, P or all): units, grid, hd, speed, av, conjunctive")
      .output<assay::Table>("null95", "per score: the 95th percentile of its shuffle null")
      .check("hd_cells_in_a",
             "Module A develops head-direction cells: the fraction of A's units above the HD "
             "shuffle null exceeds the 5% a null passes by chance, by the lower end of the 95% "
             "t interval over 3 seeds.",
             type_fraction_check(&hn::TypeFractions::hd_in_a))
      .check("av_cells_in_a",
             "Module A develops angular-velocity cells (as hd_cells_in_a, |r| with angular "
             "velocity).",
             type_fraction_check(&hn::TypeFractions::av_in_a))
      .check("speed_cells_in_p",
             "Module P develops speed cells (as hd_cells_in_a, |r| with speed).",
             type_fraction_check(&hn::TypeFractions::speed_in_p))
      .check("grid_cells_in_p",
             "Module P develops grid cells (grid score above its shuffle null, as "
             "hd_cells_in_a). Declared non-reproduction at check scale if it fails: see README.",
             type_fraction_check(&hn::TypeFractions::grid_in_p));
}

struct TypeCounts {
  std::vector<std::string> module;
  std::vector<std::int64_t> units, grid, hd, speed, av, conjunctive;
  void add(const std::string& name, const hn::CellTypes& c, int first, int count) {
    const auto above = [&](const Eigen::VectorXd& s, double null) {
      return static_cast<std::int64_t>((s.segment(first, count).array() > null).count());
    };
    const auto& s = c.scores;
    module.push_back(name);
    units.push_back(count);
    grid.push_back(above(s.grid, c.null95.grid(0)));
    hd.push_back(above(s.hd, c.null95.hd(0)));
    speed.push_back(above(s.speed, c.null95.speed(0)));
    av.push_back(above(s.av, c.null95.av(0)));
    conjunctive.push_back(
        static_cast<std::int64_t>(((s.grid.segment(first, count).array() > c.null95.grid(0)) &&
                                   (s.hd.segment(first, count).array() > c.null95.hd(0)))
                                      .count()));
  }
  assay::Table table() const {
    assay::Table t;
    t.add("module", module).add("units", units).add("grid", grid).add("hd", hd);
    t.add("speed", speed).add("av", av).add("conjunctive", conjunctive);
    return t;
  }
};

void cell_types(assay::Context& ctx) {
  const Network n = read_network(ctx);
  const auto walks = evaluation_walks(ctx, n.task);
  const int min_shift = ctx.param<int>("min_shift");
  if (walks.speed.size() <= 2 * min_shift)
    throw assay::Error("min_shift: " + std::to_string(min_shift) +
                       " steps needs a recording of "
                       "more than twice that; raise walks or walk_steps, or lower min_shift");
  const auto rec = hn::record(walks, hn::evaluate(n.weights, n.task, walks).states);
  auto rng = ctx.rng(2);
  const auto c = hn::classify(rec, n.task.walk.box, ctx.param<int>("resolution"),
                              ctx.param<int>("shuffles"), min_shift, rng);
  TypeCounts counts;
  if (n.arch.hierarchical) {
    counts.add("A", c, 0, n.arch.size_a);
    counts.add("P", c, n.arch.size_a, n.arch.size_p);
  }
  counts.add("all", c, 0, n.arch.units());
  ctx.output("counts", counts.table());
  assay::Table null;
  null.add("score", std::vector<std::string>{"grid", "hd", "speed", "av"})
      .add("null95", std::vector<double>{c.null95.grid(0), c.null95.hd(0), c.null95.speed(0),
                                         c.null95.av(0)});
  ctx.output("null95", std::move(null));
  ctx.output("grid_score", Eigen::VectorXd(c.scores.grid));
  ctx.output("hd_score", Eigen::VectorXd(c.scores.hd));
  ctx.output("speed_score", Eigen::VectorXd(c.scores.speed));
  ctx.output("av_score", Eigen::VectorXd(c.scores.av));
  ctx.output("av_correlation", hn::angular_velocity_correlation(rec));
  ctx.output("preferred_heading", hn::preferred_heading(rec));
  ctx.output("rate_maps", Eigen::MatrixXd(c.rate_maps));
}

// ---------------------------------------------------------------- hrnn_perturb

assay::MethodInfo hrnn_perturb_info() {
  return with_evaluation_params(
             with_network_inputs(assay::method(
                 "hrnn_perturb",
                 "Silences A or P of a trained hierarchical network, tests A for a ring "
                 "attractor and A's recurrent weights for a CW/CCW asymmetry")),
             200)
      .cite(kPaper)
      .param<int>("ring_samples", 200, "start states of the zero-input runs",
                  assay::range(3, 100000))
      .param<int>("ring_steps", 50, "steps of each zero-input run", assay::range(1, 1 << 20))
      .param<int>("permutations", 999, "label permutations of the asymmetry null",
                  assay::range(19, 1 << 20))
      .output<assay::Table>("silencing",
                            "per condition (intact, silence_A, silence_P): mean position and "
                            "heading errors over the evaluation steps")
      .output<assay::Table>("ring", "the ring-attractor measures (definition in README)")
      .output<bool>("is_ring", "A passes the ring-attractor definition")
      .output<assay::Table>("asymmetry", "CW/CCW statistic, its null95, p and unit counts")
      .check("silencing_a_raises_position_error",
             "Silencing A raises P's position error: mean increase over 3 seeds, lower end of "
             "its 95% t interval above 0.",
             [](const assay::CheckContext& ctx) {
               return lower_bound_at_least(hn::perturbation_claim(ctx.seed).silence_a_position_gain,
                                           0.0, "the increase [m]");
             })
      .check("silencing_p_spares_heading",
             "Silencing P leaves A's heading readout intact: the heading error changes by "
             "exactly 0 (nothing flows down from P to A; a structural check of the hierarchy).",
             [](const assay::CheckContext& ctx) {
               const auto c = hn::perturbation_claim(ctx.seed).silence_p_heading_change;
               return assay::expect_near(std::max(std::abs(c.lower), std::abs(c.upper)), 0.0, 0.0,
                                         "largest |change| within the 95% interval [rad]");
             })
      .check("a_is_ring_attractor",
             "A's zero-input dynamics form a ring attractor by the README's definition (fixed "
             "before running) in every one of 3 seeds.",
             [](const assay::CheckContext& ctx) {
               const auto c = hn::perturbation_claim(ctx.seed);
               return assay::expect_at_least(c.ring_seeds, c.seeds, "seeds passing");
             })
      .check("cw_ccw_asymmetry",
             "Units of A preferring CCW turns project more onto units at a heading ahead in the "
             "CCW direction than CW-preferring units do: Fisher-combined permutation p over 3 "
             "seeds at most 0.05.",
             [](const assay::CheckContext& ctx) {
               const auto c = hn::perturbation_claim(ctx.seed);
               return assay::expect_at_most(c.asymmetry_p, 0.05, "combined p");
             });
}

void hrnn_perturb(assay::Context& ctx) {
  const Network n = read_network(ctx);
  if (!n.arch.hierarchical)
    throw assay::Error(
        "setting: a flat network has no modules to perturb; connect a "
        "hierarchical hrnn_train");
  const auto walks = evaluation_walks(ctx, n.task);
  const int na = n.arch.size_a, np = n.arch.size_p;
  const auto intact = hn::evaluate(n.weights, n.task, walks);
  const auto no_a = hn::evaluate(hn::silenced(n.weights, hn::unit_range(0, na)), n.task, walks);
  const auto no_p = hn::evaluate(hn::silenced(n.weights, hn::unit_range(na, np)), n.task, walks);
  assay::Table silencing;
  silencing.add("condition", std::vector<std::string>{"intact", "silence_A", "silence_P"})
      .add("position_error",
           std::vector<double>{intact.position_error.mean(), no_a.position_error.mean(),
                               no_p.position_error.mean()})
      .add("heading_error",
           std::vector<double>{intact.heading_error.mean(), no_a.heading_error.mean(),
                               no_p.heading_error.mean()});
  ctx.output("silencing", std::move(silencing));
  auto rng = ctx.rng(2);
  const auto ring = hn::ring_attractor_test(n.weights, n.arch, n.task, intact.states,
                                            ctx.param<int>("ring_samples"),
                                            ctx.param<int>("ring_steps"), n.task.walk.dt, rng);
  assay::Table r;
  r.add("measure", std::vector<std::string>{"top2_variance", "radius_cv", "coverage_resultant",
                                            "drift_rad_per_s", "final_norm"})
      .add("value", std::vector<double>{ring.top2_variance, ring.radius_cv, ring.coverage_resultant,
                                        ring.drift, ring.final_norm});
  ctx.output("ring", std::move(r));
  ctx.output("is_ring", ring.is_ring());
  const auto rec = hn::record(walks, intact.states);
  constexpr int kMinShift = 50;  // 1 s, as cell_types' default
  require_shuffle_room(walks, kMinShift);
  const auto types = hn::classify(rec, n.task.walk.box, 20, 10, kMinShift, rng);
  const auto a =
      hn::turning_asymmetry(n.weights, n.arch, rec, types, ctx.param<int>("permutations"), rng);
  assay::Table t;
  t.add("statistic", std::vector<double>{a.statistic})
      .add("null95", std::vector<double>{a.null95})
      .add("p_value", std::vector<double>{a.p_value})
      .add("ccw_units", std::vector<std::int64_t>{a.ccw_units})
      .add("cw_units", std::vector<std::int64_t>{a.cw_units})
      .add("targets", std::vector<std::int64_t>{a.targets});
  ctx.output("asymmetry", std::move(t));
}

}  // namespace

ASSAY_PLUGIN("hrnn_navigation", "0.1.0", assay::export_method(trajectories_info(), trajectories),
             assay::export_method(hrnn_train_info(), hrnn_train),
             assay::export_method(cell_types_info(), cell_types),
             assay::export_method(hrnn_perturb_info(), hrnn_perturb))
