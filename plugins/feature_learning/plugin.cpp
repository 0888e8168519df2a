// The feature_learning plugin: SDK glue for the Feature Learning Equation, Virtual Covariance
// and Target Linearity (seed paper 7). The science (and the claims, claims.hpp) lives in the
// other files of this folder.
#include <algorithm>
#include <assay/sdk.hpp>

#include "claims.hpp"
#include "feature_dynamics.hpp"
#include "feq_identity.hpp"

namespace {

namespace fl = assay::feature_learning;

constexpr const char* kPaper =
    "A feature-centric view of training: the Feature Learning Equation, Virtual Covariance and "
    "Target Linearity (seed paper 7)";

// The data and network shape both methods read (members x, y, shape). The shape's input_dim
// and classes come from the data.
template <class Builder>
void network_params(Builder& b) {
  b.input(
       [](auto& s) -> auto& { return s.x; }, "x",
       "n x dim inputs, one example per row (e.g. gaussian_clusters.x)")
      .input(
          [](auto& s) -> auto& { return s.y; }, "y", "n class labels in [0, classes)")
      .param(
          [](auto& s) -> auto& { return s.shape.depth; }, "depth", "hidden layers",
          assay::range(1, 64))
      .param(
          [](auto& s) -> auto& { return s.shape.width; }, "width", "units per hidden layer",
          assay::range(1, 4096))
      .param(
          [](auto& s) -> auto& { return s.shape.widths; }, "widths",
          "units of each hidden layer, one per layer (as many as depth); empty: width for "
          "every layer",
          assay::range(1, 4096))
      .choice(
          [](auto& s) -> auto& { return s.shape.activation; }, "activation",
          {"tanh", "relu", "gelu", "silu", "sigmoid", "identity"}, "hidden activation");
}

struct Data {
  std::vector<int> y;
  int classes = 0;
};

// The labels as class indices, checked against the inputs.
Data read_labels(const Eigen::MatrixXd& x, const std::vector<std::int64_t>& labels) {
  Data d;
  for (auto v : labels) {
    if (v < 0 || v >= (1 << 16))
      throw assay::Error("y: " + std::to_string(v) + " is not a class index; use 0, 1, ...");
    d.y.push_back(static_cast<int>(v));
    d.classes = std::max(d.classes, static_cast<int>(v) + 1);
  }
  if (x.rows() != static_cast<Eigen::Index>(d.y.size()) || d.y.empty())
    throw assay::Error("x/y: " + std::to_string(x.rows()) + " rows but " +
                       std::to_string(d.y.size()) + " labels; connect matching generator outputs");
  d.classes = std::max(d.classes, 2);
  return d;
}

fl::NetworkShape data_shape(fl::NetworkShape shape, const Eigen::MatrixXd& x, const Data& d) {
  if (!shape.widths.empty() && static_cast<int>(shape.widths.size()) != shape.depth)
    throw assay::Error("widths: " + std::to_string(shape.widths.size()) + " entries but depth " +
                       std::to_string(shape.depth) + "; give one width per hidden layer");
  shape.input_dim = static_cast<int>(x.cols());
  shape.classes = d.classes;
  return shape;
}

// ---------------------------------------------------------------- feature_dynamics

struct DynamicsSettings {
  Eigen::MatrixXd x;
  std::vector<std::int64_t> y;
  fl::NetworkShape shape;
  fl::TrainingOptions training{fl::Optimiser::sgd, 0.2, 400, 20};
};

struct DynamicsOutputs {
  fl::Dynamics d;
  fl::DynamicsSummary summary;
  assay::Table history;
  std::vector<std::int64_t> tl_half_rise_step;
};

DynamicsOutputs feature_dynamics(const DynamicsSettings& s, assay::Context& ctx) {
  const Data data = read_labels(s.x, s.y);
  DynamicsOutputs out;
  out.d = fl::train_feature_dynamics(s.x, data.y, data_shape(s.shape, s.x, data), s.training,
                                     ctx.seed(), [&](double f) {
                                       ctx.progress(f);
                                       ctx.throw_if_cancelled();
                                     });
  out.summary = fl::summarise(out.d);
  out.history.add("step", std::vector<std::int64_t>(out.d.steps.begin(), out.d.steps.end()))
      .add("loss", out.d.loss)
      .add("accuracy", out.d.accuracy);
  const auto rise = fl::half_rise_steps(out.d);
  out.tl_half_rise_step.assign(rise.begin(), rise.end());
  return out;
}

assay::MethodExport feature_dynamics_method() {
  using S = DynamicsSettings;
  using O = DynamicsOutputs;
  return assay::method<S, O>("feature_dynamics",
                             "Trains an MLP full-batch and records, per layer and logged step, "
                             "the Feature Learning Equation error, Target Linearity and "
                             "effective rank")
      .with(network_params<assay::MethodBuilder<S, O>>)
      .cite(kPaper)
      .choice(
          [](S & s) -> auto& { return s.training.optimiser; }, "optimiser",
          {{"sgd", fl::Optimiser::sgd},
           {"adam", fl::Optimiser::adam},
           {"gram_whitened", fl::Optimiser::gram_whitened}},
          "sgd: plain gradient descent; adam; gram_whitened: the SGD step with each weight "
          "rotated back to keep only its Gram change (see README)")
      .param(
          [](S & s) -> auto& { return s.training.lr; }, "lr",
          "learning rate (also the eta of the virtual step)", assay::range(1e-8, 100))
      .param(
          [](S & s) -> auto& { return s.training.epochs; }, "epochs", "full-batch training steps",
          assay::range(1, 1 << 24))
      .param(
          [](S & s) -> auto& { return s.training.log_interval; }, "log_interval",
          "record every this many steps (and the last)", assay::range(1, 1 << 24))
      .output(
          [](O & o) -> auto& { return o.d.feq_error; }, "feq_error",
          "layers x steps: ||ΔGram - VC|| / ||VC|| (layer 0 reads the input, layer l the "
          "l-th hidden features)")
      .output(
          [](O & o) -> auto& { return o.d.target_linearity; }, "target_linearity",
          "layers x steps: TL of the layer's features")
      .output(
          [](O & o) -> auto& { return o.d.effective_rank; }, "effective_rank",
          "layers x steps: effective rank of the features")
      .output(&O::history, "history", "per logged step: step, loss, accuracy")
      .output(&O::tl_half_rise_step, "tl_half_rise_step",
              "per layer: first logged step with half of TL's rise (-1: no rise)")
      .output(
          [](O & o) -> auto& { return o.d.final_loss; }, "final_loss",
          "training loss after the last step")
      .output(
          [](O & o) -> auto& { return o.d.final_accuracy; }, "final_accuracy",
          "training accuracy after the last step")
      .output(
          [](O & o) -> auto& { return o.summary.tl_first_hidden; }, "tl_first_hidden",
          "final TL of the first hidden layer")
      .output(
          [](O & o) -> auto& { return o.summary.tl_last_hidden; }, "tl_last_hidden",
          "final TL of the last hidden layer")
      .output(
          [](O & o) -> auto& { return o.summary.median_feq_error; }, "median_feq_error",
          "median of feq_error over layers and steps")
      .output(
          [](O & o) -> auto& { return o.summary.rise_order_agreement; }, "rise_order_agreement",
          "fraction of hidden layer pairs i < j whose TL half-rise steps satisfy t_i <= t_j "
          "(1: shallow layers first)")
      .claims(fl::feature_dynamics_claims())
      .run(feature_dynamics);
}

// ---------------------------------------------------------------- feq_identity

struct IdentitySettings {
  Eigen::MatrixXd x;
  std::vector<std::int64_t> y;
  fl::NetworkShape shape;
  double lr = 0.2;
  int epochs = 100;
  std::vector<double> etas{1e-4, 1e-3, 1e-2, 1e-1};
};

struct IdentityOutputs {
  fl::IdentityCurve c;
  double min_slope = 0;
  double max_slope = 0;
};

IdentityOutputs feq_identity(const IdentitySettings& s, assay::Context& ctx) {
  const Data data = read_labels(s.x, s.y);
  if (s.etas.size() < 2)
    throw assay::Error("etas: needs at least two step sizes, e.g. [1e-4, 1e-3, 1e-2]");
  for (double e : s.etas)
    if (!(e > 0)) throw assay::Error("etas: " + assay::to_text(e) + " is not positive");
  const Eigen::VectorXd etas = Eigen::Map<const Eigen::VectorXd>(s.etas.data(), s.etas.size());
  IdentityOutputs out{fl::trained_identity_curve(s.x, data.y, data_shape(s.shape, s.x, data), s.lr,
                                                 s.epochs, etas, ctx.seed())};
  out.min_slope = out.c.slope.minCoeff();
  out.max_slope = out.c.slope.maxCoeff();
  return out;
}

assay::MethodExport feq_identity_method() {
  using S = IdentitySettings;
  using O = IdentityOutputs;
  return assay::method<S, O>("feq_identity",
                             "Feature Learning Equation at a trained network: one gradient step "
                             "of size eta per weight vs the Virtual Covariance, for several eta")
      .with(network_params<assay::MethodBuilder<S, O>>)
      .cite(kPaper)
      .param(&S::lr, "lr", "learning rate of the full-batch SGD pre-training",
             assay::range(1e-8, 100))
      .param(&S::epochs, "epochs", "pre-training steps (0: at initialisation)",
             assay::range(0, 1 << 24))
      .param(&S::etas, "etas", "step sizes eta of the probe step (positive, at least two)")
      .output(
          [](O & o) -> auto& { return o.c.relative_error; }, "relative_error",
          "layers x etas: ||ΔGram - VC|| / ||VC||")
      .output(
          [](O & o) -> auto& { return o.c.slope; }, "slope",
          "per layer: slope of log error against log eta")
      .output(&O::min_slope, "min_slope", "smallest slope over layers")
      .output(&O::max_slope, "max_slope", "largest slope over layers")
      .claims(fl::feq_identity_claims())
      .run(feq_identity);
}

}  // namespace

ASSAY_PLUGIN("feature_learning", "0.1.0", "MIT", feature_dynamics_method(), feq_identity_method())
