// The cil_decentering plugin: structural bias of within-task softmax in class-incremental
// learning, and post-hoc de-centering (seed paper 16). SDK glue only; the science is in the
// other files of this folder.
#include <assay/sdk.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks.hpp"
#include "confusion_sweep.hpp"
#include "decentering.hpp"
#include "gaussian_tasks.hpp"
#include "incremental_training.hpp"
#include "offset_diagnostic.hpp"
#include "random_feature_backbone.hpp"
#include "task_confusion.hpp"

namespace {

namespace cil = assay::cil_decentering;

constexpr const char* kPaper =
    "Post-hoc de-centering of within-task softmax heads in class-incremental learning "
    "(seed paper 16, /work/shared/seeds)";

using Labels = std::vector<int>;  // class or task indices, as int vectors across the boundary

Labels to_labels(const Eigen::VectorXi& v) { return Labels(v.data(), v.data() + v.size()); }

Eigen::VectorXi to_eigen(const Labels& v) {
  return Eigen::Map<const Eigen::VectorXi>(v.data(), static_cast<Eigen::Index>(v.size()));
}

// Science code reports bad inputs with std::invalid_argument; users see them as assay errors.
template <class F>
auto user_errors(const char* method, F&& f) {
  try {
    return f();
  } catch (const std::invalid_argument& e) {
    throw assay::Error(std::string(method) + ": " + e.what());
  }
}

// The train and test sets of a class-incremental problem, as gaussian_tasks and
// random_feature_backbone output them.
struct IncrementalData {
  Eigen::MatrixXd features, test_features;
  Labels labels, tasks, test_labels, test_tasks;
};

IncrementalData incremental_data(const cil::LabelledSample& train,
                                 const cil::LabelledSample& test) {
  return {train.features,         test.features,          to_labels(train.labels),
          to_labels(train.tasks), to_labels(test.labels), to_labels(test.tasks)};
}

auto incremental_outputs(std::string features_doc) {
  return [features_doc](auto& m) {
    m.output(
         [](auto& o) -> auto& { return o.data.features; }, "features", features_doc)
        .output(
            [](auto& o) -> auto& { return o.data.labels; }, "labels",
            "training class indices 0..K-1")
        .output(
            [](auto& o) -> auto& { return o.data.tasks; }, "tasks", "task of each training sample")
        .output(
            [](auto& o) -> auto& { return o.data.test_features; }, "test_features", "test features")
        .output(
            [](auto& o) -> auto& { return o.data.test_labels; }, "test_labels",
            "test class indices")
        .output(
            [](auto& o) -> auto& { return o.data.test_tasks; }, "test_tasks",
            "task of each test sample");
  };
}

// ---------------------------------------------------------------- gaussian_tasks

// The geometry params of gaussian_tasks and task_confusion_bound, on `In::geometry`.
constexpr auto geometry_params = [](auto& m) {
  m.param(
       [](auto& s) -> auto& { return s.geometry.tasks; }, "tasks", "number of tasks T",
       assay::range(1, 64))
      .param(
          [](auto& s) -> auto& { return s.geometry.classes; }, "classes", "classes per task C",
          assay::range(1, 64))
      .param(
          [](auto& s) -> auto& { return s.geometry.dim; }, "dim",
          "feature dimension d (> T; > T+1 for layout orthogonal)", assay::range(1, 4096))
      .param(
          [](auto& s) -> auto& { return s.geometry.class_radius; }, "class_radius",
          "Mahalanobis norm of each within-task class offset before centring", assay::range(0, 1e6))
      .param(
          [](auto& s) -> auto& { return s.geometry.task_distance; }, "task_distance",
          "Mahalanobis distance between task centres", assay::range(0, 1e6))
      .param(
          [](auto& s) -> auto& { return s.geometry.norm_asymmetry; }, "norm_asymmetry",
          "class 0 of the last task has an offset this many times longer", assay::range(0, 1e6))
      .choice(
          [](auto& s) -> auto& { return s.geometry.layout; }, "layout",
          {{"random", cil::Layout::random},
           {"orthogonal", cil::Layout::orthogonal},
           {"collinear", cil::Layout::collinear}},
          "class offsets: random directions; orthogonal to the inter-task directions; or "
          "along the axis of the first two task centres (the kappa < 1 construction)");
};

struct GaussianTasksSettings {
  cil::TaskGeometry geometry;
  int n_train = 200;
  int n_test = 1000;
};

struct GaussianTasksData {
  IncrementalData data;
  Eigen::MatrixXd means, sigma;
  Labels class_task;
  cil::SeparationSummary separation;
  double sequential_confusion_bound = 0, decentered_confusion_bound = 0;
};

GaussianTasksData gaussian_tasks(const GaussianTasksSettings& s, assay::Context& ctx) {
  auto geometry_rng = ctx.rng(0), train_rng = ctx.rng(1), test_rng = ctx.rng(2);
  const cil::GaussianTasks population = user_errors(
      "gaussian_tasks", [&] { return cil::make_gaussian_tasks(s.geometry, geometry_rng); });
  const auto train = cil::sample_gaussian_tasks(population, s.n_train, train_rng);
  const auto test = cil::sample_gaussian_tasks(population, s.n_test, test_rng);
  const auto sequential =
      cil::sequential_population_head(population.means, population.sigma, population.class_task);
  const auto lda = cil::lda_head(population.means, population.sigma);
  return {incremental_data(train, test),
          population.means,
          population.sigma,
          to_labels(population.class_task),
          cil::summarize(cil::sequential_separation(population)),
          cil::task_confusion_upper_bound(sequential, population),
          cil::task_confusion_upper_bound(lda, population)};
}

assay::MethodExport gaussian_tasks_method() {
  using Data = GaussianTasksData;
  return assay::method<GaussianTasksSettings, Data>(
             "gaussian_tasks",
             "T tasks x C Gaussian classes with a shared covariance, train and test sets")
      .cite(kPaper)
      .with(geometry_params)
      .param(
          [](auto& s) -> auto& { return s.geometry.condition_number; }, "condition_number",
          "condition number of Sigma", assay::range(1, 1e8))
      .param(&GaussianTasksSettings::n_train, "n_train", "training samples per class",
             assay::range(2, 1 << 20))
      .param(&GaussianTasksSettings::n_test, "n_test", "test samples per class",
             assay::range(1, 1 << 20))
      .with(incremental_outputs("training features, n x d"))
      .output(&Data::means, "means", "true class means, K x d")
      .output(&Data::sigma, "sigma", "true shared covariance, d x d")
      .output(&Data::class_task, "class_task", "task of each class")
      .output(
          [](Data & d) -> auto& { return d.separation.kappa_min; }, "kappa_min",
          "smallest separation ratio kappa over cross-task pairs")
      .output(
          [](Data & d) -> auto& { return d.separation.gamma_at_min; }, "gamma_at_min",
          "gamma of the pair attaining kappa_min")
      .output(
          [](Data & d) -> auto& { return d.separation.margin_min; }, "margin_min",
          "smallest standardized margin of the population sequential head")
      .output(&Data::sequential_confusion_bound, "sequential_confusion_bound",
              "union margin bound on the population sequential head's task confusion")
      .output(&Data::decentered_confusion_bound, "decentered_confusion_bound",
              "the same bound for the de-centered (= LDA) head")
      .run(gaussian_tasks);
}

// ---------------------------------------------------------------- random_feature_backbone

struct BackboneSettings {
  int classes_per_task = 2;
  int width = 64;
  double scale = 4.0;
  cil::Activation activation = cil::Activation::cos;
  double test_fraction = 0.75;
  Eigen::MatrixXd x;
  Labels y;
};

struct BackboneData {
  IncrementalData data;
  cil::GaussianDeparture departure;
};

BackboneData random_feature_backbone(const BackboneSettings& s, assay::Context& ctx) {
  auto rng = ctx.rng();
  const auto split = user_errors("random_feature_backbone", [&] {
    const auto backbone = cil::make_random_feature_backbone(static_cast<int>(s.x.cols()), s.width,
                                                            s.scale, s.activation, rng);
    return cil::split_train_test(backbone.features(s.x), to_eigen(s.y), s.classes_per_task,
                                 s.test_fraction);
  });
  const auto departure = user_errors("random_feature_backbone", [&] {
    return cil::gaussian_departure(split.train.features, split.train.labels,
                                   split.train.labels.maxCoeff() + 1);
  });
  return {incremental_data(split.train, split.test), departure};
}

assay::MethodExport random_feature_backbone_method() {
  using S = BackboneSettings;
  return assay::method<S, BackboneData>(
             "random_feature_backbone",
             "Frozen random-feature backbone over labelled inputs (e.g. stdlib spirals), split "
             "into class-incremental tasks and train/test sets")
      .cite(kPaper)
      .param(&S::classes_per_task, "classes_per_task", "C: class k belongs to task k / C",
             assay::range(1, 4096))
      .param(&S::width, "width", "number of random features", assay::range(1, 1 << 14))
      .param(&S::scale, "scale", "standard deviation of the random projection weights",
             assay::range(0, 1e6))
      .choice(&S::activation, "activation",
              {{"cos", cil::Activation::cos}, {"relu", cil::Activation::relu}},
              "sqrt(2) cos(w.x + c), c ~ U(0, 2 pi) (random Fourier features), or max(0, w.x + c), "
              "c ~ N(0, scale^2)")
      .param(&S::test_fraction, "test_fraction",
             "share of the rows (the last ones) held out for testing", assay::range(0, 1))
      .input(&S::x, "x", "n x p inputs, one example per row")
      .input(&S::y, "y", "class labels 0..K-1")
      .with(incremental_outputs("training features phi(x), n_train x width"))
      .output(
          [](BackboneData & d) -> auto& { return d.departure.excess_kurtosis; }, "excess_kurtosis",
          "mean |excess kurtosis| of the training features per class and coordinate (0 for "
          "Gaussian classes)")
      .output(
          [](BackboneData & d) -> auto& { return d.departure.covariance_spread; },
          "covariance_spread", "mean over classes of |Sigma_k - Sigma_pooled|_F / |Sigma_pooled|_F")
      .claims(cil::random_feature_backbone_claims())
      .run(random_feature_backbone);
}

// ---------------------------------------------------------------- cil_train

struct TrainSettings {
  cil::SoftmaxFitOptions options;
  Eigen::MatrixXd features, test_features;
  Labels labels, tasks, test_labels;
  std::optional<Eigen::MatrixXd> means, sigma;
};

struct TrainedHeads {
  cil::LinearHead joint, sequential;
  Labels class_task;
  double joint_accuracy = 0, sequential_accuracy = 0;
  double joint_task_confusion = 0, sequential_task_confusion = 0;
  Eigen::MatrixXd offsets;
  assay::Table offset_pairs;
  double offset_dispersion = 0, offset_error_estimated = 0;
  std::optional<double> offset_error_population;  // only with the true means and Sigma
};

assay::Table offset_pairs(const cil::OffsetDiagnostic& d, const Eigen::VectorXi& class_task) {
  std::vector<std::int64_t> class_i, class_j, task_i, task_j;
  for (const auto& [i, j] : d.pairs) {
    class_i.push_back(i);
    class_j.push_back(j);
    task_i.push_back(class_task(i));
    task_j.push_back(class_task(j));
  }
  const Eigen::VectorXd norms = d.offsets.rowwise().norm();
  const auto& closed_form = d.estimated_closed_form_norms;
  assay::Table table;
  table.add("class_i", class_i).add("class_j", class_j).add("task_i", task_i).add("task_j", task_j);
  table.add("offset_norm", std::vector<double>(norms.data(), norms.data() + norms.size()));
  table.add("estimated_closed_form_norm",
            std::vector<double>(closed_form.data(), closed_form.data() + closed_form.size()));
  return table;
}

TrainedHeads cil_train(const TrainSettings& s, assay::Context& ctx) {
  const Eigen::VectorXi labels = to_eigen(s.labels), test_labels = to_eigen(s.test_labels);
  const Eigen::VectorXi class_task =
      user_errors("cil_train", [&] { return cil::class_task_map(labels, to_eigen(s.tasks)); });
  const int classes = static_cast<int>(class_task.size());
  TrainedHeads out;
  out.joint = user_errors("cil_train",
                          [&] { return cil::train_joint(s.features, labels, classes, s.options); });
  ctx.progress(0.5);
  ctx.throw_if_cancelled();
  out.sequential = cil::train_sequential(s.features, labels, class_task, s.options);
  ctx.progress(0.9);

  std::optional<cil::GaussianEstimate> population;
  if (s.means && s.sigma) population = cil::GaussianEstimate{*s.means, *s.sigma};
  const cil::OffsetDiagnostic diagnostic =
      cil::offset_diagnostic(out.sequential, out.joint, s.features, labels, class_task, population);
  const Eigen::VectorXi joint_pred = out.joint.predict(s.test_features);
  const Eigen::VectorXi seq_pred = out.sequential.predict(s.test_features);
  out.class_task = to_labels(class_task);
  out.joint_accuracy = cil::accuracy(joint_pred, test_labels);
  out.sequential_accuracy = cil::accuracy(seq_pred, test_labels);
  out.joint_task_confusion = cil::task_confusion(joint_pred, test_labels, class_task);
  out.sequential_task_confusion = cil::task_confusion(seq_pred, test_labels, class_task);
  out.offsets = diagnostic.offsets;
  out.offset_pairs = offset_pairs(diagnostic, class_task);
  out.offset_dispersion = diagnostic.dispersion;
  out.offset_error_estimated = diagnostic.error_estimated;
  if (population) out.offset_error_population = diagnostic.error_population;
  ctx.progress(1.0);
  return out;
}

assay::MethodExport cil_train_method() {
  using S = TrainSettings;
  using H = TrainedHeads;
  return assay::method<S, H>(
             "cil_train",
             "l2 softmax regression trained jointly and sequentially (within-task softmax)")
      .cite(kPaper)
      .param(
          [](S & s) -> auto& { return s.options.l2; }, "l2",
          "l2 penalty on weights and biases (per-sample loss scale)", assay::range(1e-12, 1e6))
      .param(
          [](S & s) -> auto& { return s.options.max_iterations; }, "max_iterations",
          "Newton iterations per fit", assay::range(1, 10000))
      .input(&S::features, "features", "training features, n x d")
      .input(&S::labels, "labels", "training class indices 0..K-1")
      .input(&S::tasks, "tasks", "task of each training sample")
      .input(&S::test_features, "test_features", "test features")
      .input(&S::test_labels, "test_labels", "test class indices")
      .input(&S::means, "means", "true class means, for the closed-form offsets")
      .input(&S::sigma, "sigma", "true shared covariance, with `means`")
      .output(
          [](H & h) -> auto& { return h.joint.weights; }, "joint_weights", "K x d")
      .output(
          [](H & h) -> auto& { return h.joint.biases; }, "joint_biases", "K")
      .output(
          [](H & h) -> auto& { return h.sequential.weights; }, "sequential_weights",
          "K x d, task heads side by side")
      .output(
          [](H & h) -> auto& { return h.sequential.biases; }, "sequential_biases", "K")
      .output(&H::class_task, "class_task", "task of each class")
      .output(&H::joint_accuracy, "joint_accuracy", "task-agnostic test accuracy of the joint head")
      .output(&H::sequential_accuracy, "sequential_accuracy",
              "task-agnostic test accuracy of the sequential head")
      .output(&H::joint_task_confusion, "joint_task_confusion",
              "test fraction predicted in a wrong task, joint")
      .output(&H::sequential_task_confusion, "sequential_task_confusion",
              "the same for the sequential head")
      .output(&H::offsets, "offsets",
              "row p: (w_i - w_j)_seq - (w_i - w_j)_joint for cross-task pair p")
      .output(&H::offset_pairs, "offset_pairs", "pair p: classes, tasks, offset norms")
      .output(&H::offset_dispersion, "offset_dispersion",
              "max over task blocks of RMS deviation / norm of the block's mean offset")
      .output(&H::offset_error_estimated, "offset_error_estimated",
              "relative Frobenius error of offsets vs Sigma^-1(mean_j - mean_i) from "
              "training-set estimates")
      .output(&H::offset_error_population, "offset_error_population",
              "the same vs the true means and Sigma (absent without those inputs)")
      .claims(cil::cil_train_claims())
      .run(cil_train);
}

// ---------------------------------------------------------------- decenter

struct DecenterSettings {
  bool population = false;  // estimate: the true means and Sigma (inputs), not the sample's
  double covariance_ridge = 0.0;
  Eigen::MatrixXd sequential_weights, features, test_features;
  Eigen::VectorXd sequential_biases;
  Labels class_task, labels, test_labels;
  std::optional<Eigen::MatrixXd> joint_weights, means, sigma;
  std::optional<Eigen::VectorXd> joint_biases;
};

struct Decentered {
  cil::LinearHead head;
  double accuracy = 0, task_confusion = 0;
  double sequential_accuracy = 0, sequential_task_confusion = 0;
  std::optional<double> gap_recovered, gap_recovered_se;  // only with the joint head
  double lda_accuracy = 0, lda_agreement = 0;
};

cil::GaussianEstimate decentering_estimate(const DecenterSettings& s, int classes) {
  if (!s.population)
    return user_errors("decenter", [&] {
      return cil::estimate_pooled_gaussian(s.features, to_eigen(s.labels), classes,
                                           s.covariance_ridge);
    });
  if (!s.means || !s.sigma)
    throw assay::Error(
        "decenter: estimate = \"population\" needs the inputs means and sigma; "
        "connect them or use estimate = \"sample\"");
  return {*s.means, *s.sigma};
}

Decentered decenter(const DecenterSettings& s) {
  const Eigen::VectorXi class_task = to_eigen(s.class_task);
  const Eigen::VectorXi test_labels = to_eigen(s.test_labels);
  const cil::LinearHead sequential{s.sequential_weights, s.sequential_biases};
  const auto estimate = decentering_estimate(s, static_cast<int>(class_task.size()));
  Decentered out;
  out.head = cil::decenter(sequential, estimate.means, estimate.sigma, class_task);
  const Eigen::VectorXi dec_pred = out.head.predict(s.test_features);
  const Eigen::VectorXi seq_pred = sequential.predict(s.test_features);
  const Eigen::VectorXi lda_pred =
      cil::lda_head(estimate.means, estimate.sigma).predict(s.test_features);
  if (s.joint_weights && s.joint_biases) {
    const cil::LinearHead joint{*s.joint_weights, *s.joint_biases};
    const auto gap =
        cil::gap_recovered(cil::correct(seq_pred, test_labels), cil::correct(dec_pred, test_labels),
                           cil::correct(joint.predict(s.test_features), test_labels));
    out.gap_recovered = gap.fraction;
    out.gap_recovered_se = gap.standard_error;
  }
  out.accuracy = cil::accuracy(dec_pred, test_labels);
  out.task_confusion = cil::task_confusion(dec_pred, test_labels, class_task);
  out.sequential_accuracy = cil::accuracy(seq_pred, test_labels);
  out.sequential_task_confusion = cil::task_confusion(seq_pred, test_labels, class_task);
  out.lda_accuracy = cil::accuracy(lda_pred, test_labels);
  out.lda_agreement = cil::agreement(dec_pred, lda_pred);
  return out;
}

assay::MethodExport decenter_method() {
  using S = DecenterSettings;
  using D = Decentered;
  return assay::method<S, D>("decenter",
                             "Post-hoc de-centering of a sequential head: w += Sigma^-1 mean^(t), "
                             "b += -mean_t(mu' Sigma^-1 mu)/2")
      .cite(kPaper)
      .choice(&S::population, "estimate",
              std::vector<std::pair<std::string, bool>>{{"sample", false}, {"population", true}},
              "means and Sigma from the training data (pooled), or the true ones (inputs)")
      .param(&S::covariance_ridge, "covariance_ridge",
             "added to the pooled covariance's diagonal, times its mean variance",
             assay::range(0, 1e6))
      .input(&S::sequential_weights, "sequential_weights", "K x d")
      .input(&S::sequential_biases, "sequential_biases", "K")
      .input(&S::class_task, "class_task", "task of each class")
      .input(&S::features, "features", "training features, for the estimates")
      .input(&S::labels, "labels", "training class indices")
      .input(&S::test_features, "test_features", "test features")
      .input(&S::test_labels, "test_labels", "test class indices")
      .input(&S::joint_weights, "joint_weights", "for the gap recovered")
      .input(&S::joint_biases, "joint_biases", "for the gap recovered")
      .input(&S::means, "means", "true class means (estimate = population)")
      .input(&S::sigma, "sigma", "true covariance (estimate = population)")
      .output(
          [](D & d) -> auto& { return d.head.weights; }, "weights", "de-centered weights, K x d")
      .output(
          [](D & d) -> auto& { return d.head.biases; }, "biases", "de-centered biases")
      .output(&D::accuracy, "accuracy", "task-agnostic test accuracy after de-centering")
      .output(&D::task_confusion, "task_confusion", "test task confusion after de-centering")
      .output(&D::sequential_accuracy, "sequential_accuracy", "the same before de-centering")
      .output(&D::sequential_task_confusion, "sequential_task_confusion",
              "the same before de-centering")
      .output(&D::gap_recovered, "gap_recovered",
              "(acc_decentered - acc_seq) / (acc_joint - acc_seq); absent without the joint head")
      .output(&D::gap_recovered_se, "gap_recovered_se",
              "its delta-method standard error over test samples")
      .output(&D::lda_accuracy, "lda_accuracy", "accuracy of LDA with the same means and Sigma")
      .output(&D::lda_agreement, "lda_agreement",
              "test fraction where the de-centered head predicts as LDA")
      .claims(cil::decenter_claims())
      .run(decenter);
}

// ---------------------------------------------------------------- task_confusion_bound

struct SweepSettings {
  cil::TaskGeometry geometry;
  cil::SweepAxis sweep = cil::SweepAxis::task_distance;
  std::vector<double> values{0.5, 1, 2, 4, 8};
  int n_mc = 2000;
};

struct SweepCurve {
  std::vector<cil::ConfusionRow> rows;
  cil::SweepSummary summary;
};

SweepCurve task_confusion_bound(const SweepSettings& s, assay::Context& ctx) {
  auto rng = ctx.rng();
  SweepCurve out;
  out.rows = user_errors("task_confusion_bound", [&] {
    return cil::confusion_sweep(s.geometry, s.sweep, s.values, s.n_mc, rng);
  });
  out.summary = cil::summarize_sweep(out.rows);
  return out;
}

assay::Columns<cil::ConfusionRow> confusion_columns() {
  using R = cil::ConfusionRow;
  return assay::columns<R>()
      .column(&R::value, "value")
      .column(&R::kappa_min, "kappa_min")
      .column(&R::gamma_at_min, "gamma_at_min")
      .column(&R::margin_min, "margin_min")
      .column(&R::sequential_confusion, "sequential_confusion")
      .column(&R::sequential_se, "sequential_se")
      .column(&R::sequential_upper_bound, "sequential_upper_bound")
      .column(&R::sequential_lower_bound, "sequential_lower_bound")
      .column(&R::first_task_confusion, "first_task_confusion")
      .column(&R::decentered_confusion, "decentered_confusion")
      .column(&R::decentered_se, "decentered_se")
      .column(&R::decentered_upper_bound, "decentered_upper_bound");
}

assay::MethodExport task_confusion_bound_method() {
  using S = SweepSettings;
  using C = SweepCurve;
  return assay::method<S, C>("task_confusion_bound",
                             "Monte Carlo task confusion of population sequential and de-centered "
                             "heads vs margin bounds")
      .with(geometry_params)
      .cite(kPaper)
      .choice(&S::sweep, "sweep",
              {{"task_distance", cil::SweepAxis::task_distance},
               {"norm_asymmetry", cil::SweepAxis::norm_asymmetry}},
              "geometry parameter the `values` replace")
      .param(&S::values, "values", "values of the swept parameter")
      .param(&S::n_mc, "n_mc", "Monte Carlo samples per class and value", assay::range(1, 1 << 22))
      .output(&C::rows, "curve", "one row per value: separation, confusion, bounds",
              confusion_columns())
      .output(
          [](C & c) -> auto& { return c.summary.max_excess_separated; }, "max_excess_separated",
          "max over values with kappa_min > 1 of sequential confusion - bound (absent if "
          "none)")
      .output(
          [](C & c) -> auto& { return c.summary.min_sequential_confusion; },
          "min_sequential_confusion", "smallest sequential task confusion")
      .output(
          [](C & c) -> auto& { return c.summary.max_sequential_confusion; },
          "max_sequential_confusion", "largest sequential task confusion")
      .output(
          [](C & c) -> auto& { return c.summary.max_first_task_confusion; },
          "max_first_task_confusion", "largest confusion of task 0's samples")
      .output(
          [](C & c) -> auto& { return c.summary.max_excess_decentered; }, "max_excess_decentered",
          "max of de-centered confusion - its bound (no separation needed)")
      .claims(cil::task_confusion_bound_claims())
      .run(task_confusion_bound);
}

}  // namespace

ASSAY_PLUGIN("cil_decentering", "0.1.0", "MIT", gaussian_tasks_method(),
             random_feature_backbone_method(), cil_train_method(), decenter_method(),
             task_confusion_bound_method())
