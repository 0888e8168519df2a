// The feature_learning plugin: SDK glue for the Feature Learning Equation, Virtual Covariance
// and Target Linearity (seed paper 7). The science lives in the other files of this folder.
#include <assay/sdk.hpp>

#include "feature_dynamics.hpp"
#include "feq_identity.hpp"
#include "paper_claims.hpp"

namespace {

namespace fl = assay::feature_learning;

constexpr const char* kPaper =
    "A feature-centric view of training: the Feature Learning Equation, Virtual Covariance and "
    "Target Linearity (seed paper 7)";

assay::MethodInfo with_network_params(assay::MethodInfo info) {
  return info
      .input<Eigen::MatrixXd>("x", "n x dim inputs, one example per row (e.g. gaussian_clusters.x)")
      .input<std::vector<std::int64_t>>("y", "n class labels in [0, classes)")
      .param<int>("depth", 3, "hidden layers", assay::range(1, 64))
      .param<int>("width", 32, "units per hidden layer", assay::range(1, 4096))
      .param<std::vector<double>>("widths", {},
                                  "units of each hidden layer, one per layer (as many as depth); "
                                  "empty: width for every layer")
      .choice("activation", "tanh", {"tanh", "relu", "gelu", "silu", "sigmoid", "identity"},
              "hidden activation");
}

struct Data {
  Eigen::MatrixXd x;
  std::vector<int> y;
  int classes = 0;
};

Data read_data(const assay::Context& ctx) {
  Data d{ctx.input<Eigen::MatrixXd>("x"), {}, 0};
  for (auto v : ctx.input<std::vector<std::int64_t>>("y")) {
    if (v < 0 || v >= (1 << 16))
      throw assay::Error("y: " + std::to_string(v) + " is not a class index; use 0, 1, ...");
    d.y.push_back(static_cast<int>(v));
    d.classes = std::max(d.classes, static_cast<int>(v) + 1);
  }
  if (d.x.rows() != static_cast<Eigen::Index>(d.y.size()) || d.y.empty())
    throw assay::Error("x/y: " + std::to_string(d.x.rows()) + " rows but " +
                       std::to_string(d.y.size()) + " labels; connect matching generator outputs");
  d.classes = std::max(d.classes, 2);
  return d;
}

std::vector<int> read_widths(const assay::Context& ctx) {
  const auto listed = ctx.param<std::vector<double>>("widths");
  const int depth = ctx.param<int>("depth");
  if (!listed.empty() && static_cast<int>(listed.size()) != depth)
    throw assay::Error("widths: " + std::to_string(listed.size()) + " entries but depth " +
                       std::to_string(depth) + "; give one width per hidden layer");
  std::vector<int> widths;
  for (const double w : listed) {
    if (w < 1 || w > 4096 || w != static_cast<int>(w))
      throw assay::Error("widths: " + assay::to_text(assay::Value(w)) +
                         " is not a whole number in [1, 4096]");
    widths.push_back(static_cast<int>(w));
  }
  return widths;
}

fl::NetworkShape read_shape(const assay::Context& ctx, const Data& d) {
  return {static_cast<int>(d.x.cols()),
          ctx.param<int>("width"),
          ctx.param<int>("depth"),
          d.classes,
          ctx.param<std::string>("activation"),
          read_widths(ctx)};
}

// ---------------------------------------------------------------- feature_dynamics

assay::MethodInfo feature_dynamics_info() {
  return with_network_params(
             assay::method("feature_dynamics",
                           "Trains an MLP full-batch and records, per layer and logged step, the "
                           "Feature Learning Equation error, Target Linearity and effective rank"))
      .cite(kPaper)
      .choice("optimiser", "sgd", {"sgd", "adam", "gram_whitened"},
              "sgd: plain gradient descent; adam; gram_whitened: the SGD step with each "
              "weight rotated back to keep only its Gram change (see README)")
      .param<double>("lr", 0.2, "learning rate (also the eta of the virtual step)",
                     assay::range(1e-8, 100))
      .param<int>("epochs", 400, "full-batch training steps", assay::range(1, 1 << 24))
      .param<int>("log_interval", 20, "record every this many steps (and the last)",
                  assay::range(1, 1 << 24))
      .output<Eigen::MatrixXd>("feq_error",
                               "layers x steps: ||ΔGram - VC|| / ||VC|| (layer 0 reads the "
                               "input, layer l the l-th hidden features)")
      .output<Eigen::MatrixXd>("target_linearity", "layers x steps: TL of the layer's features")
      .output<Eigen::MatrixXd>("effective_rank", "layers x steps: effective rank of the features")
      .output<assay::Table>("history", "per logged step: step, loss, accuracy")
      .output<std::vector<std::int64_t>>("tl_half_rise_step",
                                         "per layer: first logged step with half of TL's rise "
                                         "(-1: no rise)")
      .output<double>("final_loss", "training loss after the last step")
      .output<double>("final_accuracy", "training accuracy after the last step")
      .output<double>("tl_first_hidden", "final TL of the first hidden layer")
      .output<double>("tl_last_hidden", "final TL of the last hidden layer")
      .output<double>("median_feq_error", "median of feq_error over layers and steps")
      .output<double>("rise_order_agreement",
                      "fraction of hidden layer pairs i < j whose TL half-rise steps satisfy "
                      "t_i <= t_j (1: shallow layers first)")
      .check("tl_rises_with_depth",
             "At the end of training Target Linearity rises with depth: TL(last hidden) - "
             "TL(first hidden) > 0, by at least 3 standard errors across 3 seeds (clusters).",
             [](const assay::CheckContext& ctx) {
               const auto c = fl::depth_claim(ctx.seed);
               return assay::expect_at_least(c.mean_gain, 3 * c.gain_se,
                                             "mean TL gain first->last hidden; bound 3 SE");
             })
      .check("tl_approaches_one_when_fit",
             "As the training set is fit, the last hidden layer's TL keeps approaching 1: "
             "1 - TL at the end is below 1 - TL halfway through training, for every seed.",
             [](const assay::CheckContext& ctx) {
               const auto c = fl::depth_claim(ctx.seed);
               return assay::expect_at_most(
                   c.worst_approach, 1.0,
                   "max over seeds of (1 - TL_end) / (1 - TL_half); min training accuracy " +
                       assay::to_text(c.min_accuracy));
             })
      .check("tl_rises_shallow_first",
             "The paper's sequential claim, read as: hidden layers reach half their TL rise in "
             "order of depth, shallow first. Measured: mean fraction of hidden-layer pairs in "
             "that order (SGD, 3 seeds); holds if it exceeds the 1/2 of a random order by 2 "
             "standard errors across seeds.",
             [](const assay::CheckContext& ctx) {
               const auto c = fl::sequential_order_claim(ctx.seed);
               return assay::expect_at_least(c.mean_agreement, 0.5 + 2 * c.se,
                                             "mean pair agreement; bound 1/2 + 2 SE");
             })
      .check("gram_whitened_matches_sgd",
             "Training with only the Gram change (gram_whitened, the authors' Procrustes-"
             "aligned step) reaches a training loss comparable to plain SGD; criterion, fixed "
             "before running: over 5 seeds, the geometric-mean final-loss ratio gram_whitened / "
             "sgd times exp(2 standard errors of the mean log ratio) is at most 2.",
             [](const assay::CheckContext& ctx) {
               const auto c = fl::gram_whitened_claim(ctx.seed);
               return assay::expect_at_most(c.ratio_upper, 2.0,
                                            "upper 2-SE bound of the loss ratio; geometric mean " +
                                                assay::to_text(c.ratio) + ", mean sgd loss " +
                                                assay::to_text(c.sgd_loss));
             });
}

void feature_dynamics(assay::Context& ctx) {
  const Data data = read_data(ctx);
  const fl::TrainingOptions options{fl::parse_optimiser(ctx.param<std::string>("optimiser")),
                                    ctx.param<double>("lr"), ctx.param<int>("epochs"),
                                    ctx.param<int>("log_interval")};
  const auto d = fl::train_feature_dynamics(data.x, data.y, read_shape(ctx, data), options,
                                            ctx.seed(), [&](double f) {
                                              ctx.progress(f);
                                              ctx.throw_if_cancelled();
                                            });
  const auto summary = fl::summarise(d);
  ctx.output("feq_error", d.feq_error);
  ctx.output("target_linearity", d.target_linearity);
  ctx.output("effective_rank", d.effective_rank);
  assay::Table history;
  history.add("step", std::vector<std::int64_t>(d.steps.begin(), d.steps.end()))
      .add("loss", d.loss)
      .add("accuracy", d.accuracy);
  ctx.output("history", std::move(history));
  const auto rise = fl::half_rise_steps(d);
  ctx.output("tl_half_rise_step", std::vector<std::int64_t>(rise.begin(), rise.end()));
  ctx.output("final_loss", d.final_loss);
  ctx.output("final_accuracy", d.final_accuracy);
  ctx.output("tl_first_hidden", summary.tl_first_hidden);
  ctx.output("tl_last_hidden", summary.tl_last_hidden);
  ctx.output("median_feq_error", summary.median_feq_error);
  ctx.output("rise_order_agreement", summary.rise_order_agreement);
}

// ---------------------------------------------------------------- feq_identity

assay::MethodInfo feq_identity_info() {
  return with_network_params(
             assay::method("feq_identity",
                           "Feature Learning Equation at a trained network: one gradient step of "
                           "size eta per weight vs the Virtual Covariance, for several eta"))
      .cite(kPaper)
      .param<double>("lr", 0.2, "learning rate of the full-batch SGD pre-training",
                     assay::range(1e-8, 100))
      .param<int>("epochs", 100, "pre-training steps (0: at initialisation)",
                  assay::range(0, 1 << 24))
      .param<std::vector<double>>("etas", {1e-4, 1e-3, 1e-2, 1e-1},
                                  "step sizes eta of the probe step (positive, at least two)")
      .output<Eigen::MatrixXd>("relative_error", "layers x etas: ||ΔGram - VC|| / ||VC||")
      .output<Eigen::VectorXd>("slope", "per layer: slope of log error against log eta")
      .output<double>("min_slope", "smallest slope over layers")
      .output<double>("max_slope", "largest slope over layers")
      .check("error_is_order_eta",
             "The relative error of the Feature Learning Equation scales as O(eta): the slope of "
             "log error against log eta over eta = 1e-4..1e-1 lies in [0.8, 1.2] for every "
             "layer of a trained tanh MLP on spirals.",
             [](const assay::CheckContext& ctx) {
               const auto c = fl::identity_slope_claim(ctx.seed);
               return assay::expect_near(c.worst_slope, 1.0, 0.2,
                                         "slope farthest from 1 over layers");
             });
}

void feq_identity(assay::Context& ctx) {
  const Data data = read_data(ctx);
  const auto etas_param = ctx.param<std::vector<double>>("etas");
  if (etas_param.size() < 2)
    throw assay::Error("etas: needs at least two step sizes, e.g. [1e-4, 1e-3, 1e-2]");
  for (double e : etas_param)
    if (!(e > 0)) throw assay::Error("etas: " + assay::to_text(e) + " is not positive");
  const Eigen::VectorXd etas =
      Eigen::Map<const Eigen::VectorXd>(etas_param.data(), etas_param.size());
  const auto c =
      fl::trained_identity_curve(data.x, data.y, read_shape(ctx, data), ctx.param<double>("lr"),
                                 ctx.param<int>("epochs"), etas, ctx.seed());
  ctx.output("relative_error", c.relative_error);
  ctx.output("slope", c.slope);
  ctx.output("min_slope", c.slope.minCoeff());
  ctx.output("max_slope", c.slope.maxCoeff());
}

}  // namespace

ASSAY_PLUGIN("feature_learning", "0.1.0",
             assay::export_method(feature_dynamics_info(), feature_dynamics),
             assay::export_method(feq_identity_info(), feq_identity))
