// The cil_decentering plugin: structural bias of within-task softmax in class-incremental
// learning, and post-hoc de-centering (seed paper 16). SDK glue only; the science is in the
// other files of this folder.
#include <assay/sdk.hpp>
#include <cstdint>
#include <limits>
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
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<std::int64_t> to_int64(const Eigen::VectorXi& v) {
  return std::vector<std::int64_t>(v.data(), v.data() + v.size());
}

Eigen::VectorXi to_eigen(const std::vector<std::int64_t>& v) {
  Eigen::VectorXi out(static_cast<Eigen::Index>(v.size()));
  for (std::size_t i = 0; i < v.size(); ++i)
    out(static_cast<Eigen::Index>(i)) = static_cast<int>(v[i]);
  return out;
}

std::vector<double> to_vector(const Eigen::VectorXd& v) {
  return std::vector<double>(v.data(), v.data() + v.size());
}

Eigen::VectorXi int_input(const assay::Context& ctx, std::string_view name) {
  return to_eigen(ctx.input<std::vector<std::int64_t>>(name));
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

// ---------------------------------------------------------------- gaussian_tasks

assay::MethodInfo& geometry_params(assay::MethodInfo& info) {
  return info.param<int>("tasks", 3, "number of tasks T", assay::range(1, 64))
      .param<int>("classes", 3, "classes per task C", assay::range(1, 64))
      .param<int>("dim", 8, "feature dimension d (> T; > T+1 for layout orthogonal)",
                  assay::range(1, 4096))
      .param<double>("class_radius", 2.0,
                     "Mahalanobis norm of each within-task class offset before centring",
                     assay::range(0, 1e6))
      .param<double>("task_distance", 2.0, "Mahalanobis distance between task centres",
                     assay::range(0, 1e6))
      .param<double>("norm_asymmetry", 1.0,
                     "class 0 of the last task has an offset this many times longer",
                     assay::range(0, 1e6))
      .choice("layout", "random", {"random", "orthogonal", "collinear"},
              "class offsets: random directions; orthogonal to the inter-task directions; or "
              "along the axis of the first two task centres (the kappa < 1 construction)");
}

cil::TaskGeometry read_geometry(const assay::Context& ctx) {
  cil::TaskGeometry g;
  g.tasks = ctx.param<int>("tasks");
  g.classes = ctx.param<int>("classes");
  g.dim = ctx.param<int>("dim");
  g.class_radius = ctx.param<double>("class_radius");
  g.task_distance = ctx.param<double>("task_distance");
  g.norm_asymmetry = ctx.param<double>("norm_asymmetry");
  g.layout = cil::parse_layout(ctx.param<std::string>("layout"));
  return g;
}

assay::MethodInfo gaussian_tasks_info() {
  assay::MethodInfo info =
      assay::method("gaussian_tasks",
                    "T tasks x C Gaussian classes with a shared covariance, train and test sets");
  geometry_params(info)
      .param<double>("condition_number", 1.0, "condition number of Sigma", assay::range(1, 1e8))
      .param<int>("n_train", 200, "training samples per class", assay::range(2, 1 << 20))
      .param<int>("n_test", 1000, "test samples per class", assay::range(1, 1 << 20))
      .output<Eigen::MatrixXd>("features", "training features, n x d")
      .output<std::vector<std::int64_t>>("labels", "training class indices 0..K-1")
      .output<std::vector<std::int64_t>>("tasks", "task of each training sample")
      .output<Eigen::MatrixXd>("test_features", "test features")
      .output<std::vector<std::int64_t>>("test_labels", "test class indices")
      .output<std::vector<std::int64_t>>("test_tasks", "task of each test sample")
      .output<Eigen::MatrixXd>("means", "true class means, K x d")
      .output<Eigen::MatrixXd>("sigma", "true shared covariance, d x d")
      .output<std::vector<std::int64_t>>("class_task", "task of each class")
      .output<double>("kappa_min", "smallest separation ratio kappa over cross-task pairs")
      .output<double>("gamma_at_min", "gamma of the pair attaining kappa_min")
      .output<double>("margin_min",
                      "smallest standardized margin of the population sequential head")
      .output<double>("sequential_confusion_bound",
                      "union margin bound on the population sequential head's task confusion")
      .output<double>("decentered_confusion_bound",
                      "the same bound for the de-centered (= LDA) head");
  return info.cite(kPaper);
}

void gaussian_tasks(assay::Context& ctx) {
  cil::TaskGeometry g = read_geometry(ctx);
  g.condition_number = ctx.param<double>("condition_number");
  auto geometry_rng = ctx.rng(0), train_rng = ctx.rng(1), test_rng = ctx.rng(2);
  const cil::GaussianTasks population =
      user_errors("gaussian_tasks", [&] { return cil::make_gaussian_tasks(g, geometry_rng); });
  const auto train = cil::sample_gaussian_tasks(population, ctx.param<int>("n_train"), train_rng);
  const auto test = cil::sample_gaussian_tasks(population, ctx.param<int>("n_test"), test_rng);
  const auto separation = cil::summarize(cil::sequential_separation(population));
  const auto sequential =
      cil::sequential_population_head(population.means, population.sigma, population.class_task);
  const auto lda = cil::lda_head(population.means, population.sigma);

  ctx.output("features", train.features);
  ctx.output("labels", to_int64(train.labels));
  ctx.output("tasks", to_int64(train.tasks));
  ctx.output("test_features", test.features);
  ctx.output("test_labels", to_int64(test.labels));
  ctx.output("test_tasks", to_int64(test.tasks));
  ctx.output("means", population.means);
  ctx.output("sigma", population.sigma);
  ctx.output("class_task", to_int64(population.class_task));
  ctx.output("kappa_min", separation.kappa_min);
  ctx.output("gamma_at_min", separation.gamma_at_min);
  ctx.output("margin_min", separation.margin_min);
  ctx.output("sequential_confusion_bound", cil::task_confusion_upper_bound(sequential, population));
  ctx.output("decentered_confusion_bound", cil::task_confusion_upper_bound(lda, population));
}

// ---------------------------------------------------------------- random_feature_backbone

assay::MethodInfo random_feature_backbone_info() {
  return assay::method("random_feature_backbone",
                       "Frozen random-feature backbone over labelled inputs (e.g. stdlib spirals), "
                       "split into class-incremental tasks and train/test sets")
      .cite(kPaper)
      .param<int>("classes_per_task", 2, "C: class k belongs to task k / C", assay::range(1, 4096))
      .param<int>("width", 64, "number of random features", assay::range(1, 1 << 14))
      .param<double>("scale", 4.0, "standard deviation of the random projection weights",
                     assay::range(0, 1e6))
      .choice("activation", "cos", {"cos", "relu"},
              "sqrt(2) cos(w.x + c), c ~ U(0, 2 pi) (random Fourier features), or max(0, w.x + c), "
              "c ~ N(0, scale^2)")
      .param<double>("test_fraction", 0.75,
                     "share of the rows (the last ones) held out for testing", assay::range(0, 1))
      .input<Eigen::MatrixXd>("x", "n x p inputs, one example per row")
      .input<std::vector<std::int64_t>>("y", "class labels 0..K-1")
      .output<Eigen::MatrixXd>("features", "training features phi(x), n_train x width")
      .output<std::vector<std::int64_t>>("labels", "training class indices")
      .output<std::vector<std::int64_t>>("tasks", "task of each training sample")
      .output<Eigen::MatrixXd>("test_features", "test features")
      .output<std::vector<std::int64_t>>("test_labels", "test class indices")
      .output<std::vector<std::int64_t>>("test_tasks", "task of each test sample")
      .output<double>("excess_kurtosis",
                      "mean |excess kurtosis| of the training features per class and coordinate "
                      "(0 for Gaussian classes)")
      .output<double>("covariance_spread",
                      "mean over classes of |Sigma_k - Sigma_pooled|_F / |Sigma_pooled|_F")
      .check("random_features_gap",
             "On a frozen random-feature backbone over non-Gaussian data, where the population "
             "statements hold only approximately, de-centering with estimates still recovers part "
             "of the joint-sequential gap (paper, real backbones: 82-94%).",
             cil::check_random_features_gap);
}

void random_feature_backbone(assay::Context& ctx) {
  const auto x = ctx.input<Eigen::MatrixXd>("x");
  const Eigen::VectorXi y = int_input(ctx, "y");
  auto rng = ctx.rng();
  const auto split = user_errors("random_feature_backbone", [&] {
    const auto backbone = cil::make_random_feature_backbone(
        static_cast<int>(x.cols()), ctx.param<int>("width"), ctx.param<double>("scale"),
        cil::parse_activation(ctx.param<std::string>("activation")), rng);
    return cil::split_train_test(backbone.features(x), y, ctx.param<int>("classes_per_task"),
                                 ctx.param<double>("test_fraction"));
  });
  const auto departure = user_errors("random_feature_backbone", [&] {
    return cil::gaussian_departure(split.train.features, split.train.labels,
                                   split.train.labels.maxCoeff() + 1);
  });
  ctx.output("features", split.train.features);
  ctx.output("labels", to_int64(split.train.labels));
  ctx.output("tasks", to_int64(split.train.tasks));
  ctx.output("test_features", split.test.features);
  ctx.output("test_labels", to_int64(split.test.labels));
  ctx.output("test_tasks", to_int64(split.test.tasks));
  ctx.output("excess_kurtosis", departure.excess_kurtosis);
  ctx.output("covariance_spread", departure.covariance_spread);
}

// ---------------------------------------------------------------- cil_train

assay::MethodInfo cil_train_info() {
  return assay::method(
             "cil_train",
             "l2 softmax regression trained jointly and sequentially (within-task softmax)")
      .cite(kPaper)
      .param<double>("l2", 1e-4, "l2 penalty on weights and biases (per-sample loss scale)",
                     assay::range(1e-12, 1e6))
      .param<int>("max_iterations", 100, "Newton iterations per fit", assay::range(1, 10000))
      .input<Eigen::MatrixXd>("features", "training features, n x d")
      .input<std::vector<std::int64_t>>("labels", "training class indices 0..K-1")
      .input<std::vector<std::int64_t>>("tasks", "task of each training sample")
      .input<Eigen::MatrixXd>("test_features", "test features")
      .input<std::vector<std::int64_t>>("test_labels", "test class indices")
      .optional_input<Eigen::MatrixXd>("means", "true class means, for the closed-form offsets")
      .optional_input<Eigen::MatrixXd>("sigma", "true shared covariance, with `means`")
      .output<Eigen::MatrixXd>("joint_weights", "K x d")
      .output<Eigen::VectorXd>("joint_biases", "K")
      .output<Eigen::MatrixXd>("sequential_weights", "K x d, task heads side by side")
      .output<Eigen::VectorXd>("sequential_biases", "K")
      .output<std::vector<std::int64_t>>("class_task", "task of each class")
      .output<double>("joint_accuracy", "task-agnostic test accuracy of the joint head")
      .output<double>("sequential_accuracy", "task-agnostic test accuracy of the sequential head")
      .output<double>("joint_task_confusion", "test fraction predicted in a wrong task, joint")
      .output<double>("sequential_task_confusion", "the same for the sequential head")
      .output<Eigen::MatrixXd>("offsets",
                               "row p: (w_i - w_j)_seq - (w_i - w_j)_joint for cross-task pair p")
      .output<assay::Table>("offset_pairs", "pair p: classes, tasks, offset norms")
      .output<double>("offset_dispersion",
                      "max over task blocks of RMS deviation / norm of the block's mean offset")
      .output<double>("offset_error_estimated",
                      "relative Frobenius error of offsets vs Sigma^-1(mean_j - mean_i) from "
                      "training-set estimates")
      .output<double>("offset_error_population",
                      "the same vs the true means and Sigma (NaN without those inputs)")
      .check("offset_closed_form",
             "The sequential - joint cross-task offset equals Sigma^-1(mean^(j) - mean^(i)), the "
             "same for all C^2 class pairs of a task block, as l2 -> 0 and n grows.",
             cil::check_offset_closed_form);
}

void cil_train(assay::Context& ctx) {
  const auto features = ctx.input<Eigen::MatrixXd>("features");
  const auto labels = int_input(ctx, "labels");
  const auto test_features = ctx.input<Eigen::MatrixXd>("test_features");
  const auto test_labels = int_input(ctx, "test_labels");
  const Eigen::VectorXi class_task = user_errors(
      "cil_train", [&] { return cil::class_task_map(labels, int_input(ctx, "tasks")); });
  const int classes = static_cast<int>(class_task.size());
  const cil::SoftmaxFitOptions options{ctx.param<double>("l2"), ctx.param<int>("max_iterations")};

  const auto joint = user_errors(
      "cil_train", [&] { return cil::train_joint(features, labels, classes, options); });
  ctx.progress(0.5);
  ctx.throw_if_cancelled();
  const auto sequential = cil::train_sequential(features, labels, class_task, options);
  ctx.progress(0.9);

  std::optional<cil::GaussianEstimate> population;
  if (ctx.has_input("means") && ctx.has_input("sigma"))
    population = cil::GaussianEstimate{ctx.input<Eigen::MatrixXd>("means"),
                                       ctx.input<Eigen::MatrixXd>("sigma")};
  const cil::OffsetDiagnostic diagnostic =
      cil::offset_diagnostic(sequential, joint, features, labels, class_task, population);
  std::vector<std::int64_t> class_i, class_j, task_i, task_j;
  for (const auto& [i, j] : diagnostic.pairs) {
    class_i.push_back(i);
    class_j.push_back(j);
    task_i.push_back(class_task(i));
    task_j.push_back(class_task(j));
  }
  const Eigen::VectorXd offset_norms = diagnostic.offsets.rowwise().norm();
  assay::Table table;
  table.add("class_i", class_i).add("class_j", class_j).add("task_i", task_i).add("task_j", task_j);
  table.add("offset_norm", to_vector(offset_norms));
  table.add("estimated_closed_form_norm", to_vector(diagnostic.estimated_closed_form_norms));

  const Eigen::VectorXi joint_pred = joint.predict(test_features);
  const Eigen::VectorXi seq_pred = sequential.predict(test_features);
  ctx.output("joint_weights", joint.weights);
  ctx.output("joint_biases", joint.biases);
  ctx.output("sequential_weights", sequential.weights);
  ctx.output("sequential_biases", sequential.biases);
  ctx.output("class_task", to_int64(class_task));
  ctx.output("joint_accuracy", cil::accuracy(joint_pred, test_labels));
  ctx.output("sequential_accuracy", cil::accuracy(seq_pred, test_labels));
  ctx.output("joint_task_confusion", cil::task_confusion(joint_pred, test_labels, class_task));
  ctx.output("sequential_task_confusion", cil::task_confusion(seq_pred, test_labels, class_task));
  ctx.output("offsets", diagnostic.offsets);
  ctx.output("offset_pairs", std::move(table));
  ctx.output("offset_dispersion", diagnostic.dispersion);
  ctx.output("offset_error_estimated", diagnostic.error_estimated);
  ctx.output("offset_error_population", diagnostic.error_population);
  ctx.progress(1.0);
}

// ---------------------------------------------------------------- decenter

assay::MethodInfo decenter_info() {
  return assay::method("decenter",
                       "Post-hoc de-centering of a sequential head: w += Sigma^-1 mean^(t), "
                       "b += -mean_t(mu' Sigma^-1 mu)/2")
      .cite(kPaper)
      .choice("estimate", "sample", {"sample", "population"},
              "means and Sigma from the training data (pooled), or the true ones (inputs)")
      .param<double>("covariance_ridge", 0.0,
                     "added to the pooled covariance's diagonal, times its mean variance",
                     assay::range(0, 1e6))
      .input<Eigen::MatrixXd>("sequential_weights", "K x d")
      .input<Eigen::VectorXd>("sequential_biases", "K")
      .input<std::vector<std::int64_t>>("class_task", "task of each class")
      .input<Eigen::MatrixXd>("features", "training features, for the estimates")
      .input<std::vector<std::int64_t>>("labels", "training class indices")
      .input<Eigen::MatrixXd>("test_features", "test features")
      .input<std::vector<std::int64_t>>("test_labels", "test class indices")
      .optional_input<Eigen::MatrixXd>("joint_weights", "for the gap recovered")
      .optional_input<Eigen::VectorXd>("joint_biases", "for the gap recovered")
      .optional_input<Eigen::MatrixXd>("means", "true class means (estimate = population)")
      .optional_input<Eigen::MatrixXd>("sigma", "true covariance (estimate = population)")
      .output<Eigen::MatrixXd>("weights", "de-centered weights, K x d")
      .output<Eigen::VectorXd>("biases", "de-centered biases")
      .output<double>("accuracy", "task-agnostic test accuracy after de-centering")
      .output<double>("task_confusion", "test task confusion after de-centering")
      .output<double>("sequential_accuracy", "the same before de-centering")
      .output<double>("sequential_task_confusion", "the same before de-centering")
      .output<double>(
          "gap_recovered",
          "(acc_decentered - acc_seq) / (acc_joint - acc_seq); NaN without the joint head")
      .output<double>("gap_recovered_se", "its delta-method standard error over test samples")
      .output<double>("lda_accuracy", "accuracy of LDA with the same means and Sigma")
      .output<double>("lda_agreement", "test fraction where the de-centered head predicts as LDA")
      .check("population_exact",
             "With population quantities, de-centering yields exactly the Bayes-optimal (LDA) "
             "cross-task discriminator.",
             cil::check_population_exact)
      .check("gap_recovered",
             "With estimates, de-centering recovers most of the joint-sequential gap (paper: "
             "82-94%, mean 90.5%).",
             cil::check_gap_recovered)
      .check("predicts_as_lda",
             "On shared-covariance data the de-centered head predicts as an LDA head does (its "
             "disagreement with LDA vanishes at the sampling rate).",
             cil::check_predicts_as_lda);
}

void decenter(assay::Context& ctx) {
  const Eigen::VectorXi class_task = int_input(ctx, "class_task");
  const cil::LinearHead sequential{ctx.input<Eigen::MatrixXd>("sequential_weights"),
                                   ctx.input<Eigen::VectorXd>("sequential_biases")};
  const auto features = ctx.input<Eigen::MatrixXd>("features");
  const auto labels = int_input(ctx, "labels");
  const auto test_features = ctx.input<Eigen::MatrixXd>("test_features");
  const auto test_labels = int_input(ctx, "test_labels");
  const int classes = static_cast<int>(class_task.size());

  cil::GaussianEstimate estimate;
  if (ctx.param<std::string>("estimate") == "population") {
    if (!ctx.has_input("means") || !ctx.has_input("sigma"))
      throw assay::Error(
          "decenter: estimate = \"population\" needs the inputs means and sigma; "
          "connect them or use estimate = \"sample\"");
    estimate = {ctx.input<Eigen::MatrixXd>("means"), ctx.input<Eigen::MatrixXd>("sigma")};
  } else {
    estimate = user_errors("decenter", [&] {
      return cil::estimate_pooled_gaussian(features, labels, classes,
                                           ctx.param<double>("covariance_ridge"));
    });
  }
  const auto decentered = cil::decenter(sequential, estimate.means, estimate.sigma, class_task);
  const Eigen::VectorXi dec_pred = decentered.predict(test_features);
  const Eigen::VectorXi seq_pred = sequential.predict(test_features);
  const Eigen::VectorXi lda_pred =
      cil::lda_head(estimate.means, estimate.sigma).predict(test_features);

  cil::GapRecovery gap{kNaN, kNaN};
  if (ctx.has_input("joint_weights") && ctx.has_input("joint_biases")) {
    const cil::LinearHead joint{ctx.input<Eigen::MatrixXd>("joint_weights"),
                                ctx.input<Eigen::VectorXd>("joint_biases")};
    gap =
        cil::gap_recovered(cil::correct(seq_pred, test_labels), cil::correct(dec_pred, test_labels),
                           cil::correct(joint.predict(test_features), test_labels));
  }
  ctx.output("weights", decentered.weights);
  ctx.output("biases", decentered.biases);
  ctx.output("accuracy", cil::accuracy(dec_pred, test_labels));
  ctx.output("task_confusion", cil::task_confusion(dec_pred, test_labels, class_task));
  ctx.output("sequential_accuracy", cil::accuracy(seq_pred, test_labels));
  ctx.output("sequential_task_confusion", cil::task_confusion(seq_pred, test_labels, class_task));
  ctx.output("gap_recovered", gap.fraction);
  ctx.output("gap_recovered_se", gap.standard_error);
  ctx.output("lda_accuracy", cil::accuracy(lda_pred, test_labels));
  ctx.output("lda_agreement", cil::agreement(dec_pred, lda_pred));
}

// ---------------------------------------------------------------- task_confusion_bound

assay::MethodInfo task_confusion_bound_info() {
  assay::MethodInfo info = assay::method(
      "task_confusion_bound",
      "Monte Carlo task confusion of population sequential and de-centered heads vs margin bounds");
  geometry_params(info)
      .cite(kPaper)
      .choice("sweep", "task_distance", {"task_distance", "norm_asymmetry"},
              "geometry parameter the `values` replace")
      .param<std::vector<double>>("values", std::vector<double>{0.5, 1, 2, 4, 8},
                                  "values of the swept parameter")
      .param<int>("n_mc", 2000, "Monte Carlo samples per class and value", assay::range(1, 1 << 22))
      .output<assay::Table>("curve", "one row per value: separation, confusion, bounds")
      .output<double>("max_excess_separated",
                      "max over values with kappa_min > 1 of sequential confusion - bound "
                      "(NaN if none)")
      .output<double>("min_sequential_confusion", "smallest sequential task confusion")
      .output<double>("max_sequential_confusion", "largest sequential task confusion")
      .output<double>("max_first_task_confusion", "largest confusion of task 0's samples")
      .output<double>("max_excess_decentered",
                      "max of de-centered confusion - its bound (no separation needed)")
      .check("bound_when_separated",
             "For kappa > 1, task confusion is bounded at rate exp(-(kappa-1)^2 gamma_ij / 8).",
             cil::check_bound_when_separated)
      .check("confusion_without_separation",
             "When separation fails (kappa < 1), cross-task misclassification stays Omega(1) "
             "whatever the inter-task margin.",
             cil::check_confusion_without_separation)
      .check("asymmetry_to_one",
             "With extreme within-task class-norm asymmetry, task confusion tends to 1.",
             cil::check_asymmetry_to_one)
      .check("decentered_bound",
             "After de-centering, task confusion obeys a margin bound without the separation "
             "condition.",
             cil::check_decentered_bound);
  return info;
}

void task_confusion_bound(assay::Context& ctx) {
  const cil::TaskGeometry g = read_geometry(ctx);
  const auto values = ctx.param<std::vector<double>>("values");
  auto rng = ctx.rng();
  const auto rows = user_errors("task_confusion_bound", [&] {
    return cil::confusion_sweep(g, cil::parse_sweep_axis(ctx.param<std::string>("sweep")), values,
                                ctx.param<int>("n_mc"), rng);
  });
  std::vector<double> value, kappa, gamma, margin, seq, seq_se, seq_ub, seq_lb, first, dec, dec_se,
      dec_ub;
  for (const auto& r : rows) {
    value.push_back(r.value);
    kappa.push_back(r.kappa_min);
    gamma.push_back(r.gamma_at_min);
    margin.push_back(r.margin_min);
    seq.push_back(r.sequential_confusion);
    seq_se.push_back(r.sequential_se);
    seq_ub.push_back(r.sequential_upper_bound);
    seq_lb.push_back(r.sequential_lower_bound);
    first.push_back(r.first_task_confusion);
    dec.push_back(r.decentered_confusion);
    dec_se.push_back(r.decentered_se);
    dec_ub.push_back(r.decentered_upper_bound);
  }
  assay::Table curve;
  curve.add("value", value).add("kappa_min", kappa).add("gamma_at_min", gamma);
  curve.add("margin_min", margin).add("sequential_confusion", seq).add("sequential_se", seq_se);
  curve.add("sequential_upper_bound", seq_ub).add("sequential_lower_bound", seq_lb);
  curve.add("first_task_confusion", first).add("decentered_confusion", dec);
  curve.add("decentered_se", dec_se).add("decentered_upper_bound", dec_ub);
  ctx.output("curve", std::move(curve));
  const cil::SweepSummary summary = cil::summarize_sweep(rows);
  ctx.output("max_excess_separated", summary.max_excess_separated);
  ctx.output("min_sequential_confusion", summary.min_sequential_confusion);
  ctx.output("max_sequential_confusion", summary.max_sequential_confusion);
  ctx.output("max_first_task_confusion", summary.max_first_task_confusion);
  ctx.output("max_excess_decentered", summary.max_excess_decentered);
}

}  // namespace

ASSAY_PLUGIN("cil_decentering", "0.1.0",
             assay::export_method(gaussian_tasks_info(), gaussian_tasks),
             assay::export_method(random_feature_backbone_info(), random_feature_backbone),
             assay::export_method(cil_train_info(), cil_train),
             assay::export_method(decenter_info(), decenter),
             assay::export_method(task_confusion_bound_info(), task_confusion_bound))
