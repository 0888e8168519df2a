// The stdlib plugin: data sources, generators and evaluators every pipeline can reuse.
#include <algorithm>
#include <assay/sdk.hpp>
#include <cmath>

#include "classification.hpp"
#include "image_methods.hpp"
#include "labelled_data.hpp"
#include "linear_probe.hpp"
#include "matrix_file.hpp"
#include "text_methods.hpp"

namespace {

namespace sl = assay::stdlib;

using Generator = sl::LabelledData (*)(int, int, int, double, std::mt19937_64&);

assay::MethodInfo generator_info(const char* id, const char* summary, int min_dim) {
  return assay::method(id, summary)
      .param<int>("n", 300, "number of examples", assay::range(2, 1 << 22))
      .param<int>("dim", 2, "input dimension", assay::range(min_dim, 1 << 14))
      .param<int>("classes", 3, "number of classes (balanced)", assay::range(2, 1 << 10))
      .param<double>("noise", 0.1, "standard deviation of the Gaussian noise", assay::range(0, 1e6))
      .output<Eigen::MatrixXd>("x", "n x dim inputs, one example per row")
      .output<std::vector<std::int64_t>>("y", "n labels in [0, classes)");
}

assay::MethodFn generator(Generator generate) {
  return [generate](assay::Context& ctx) {
    auto rng = ctx.rng();
    const auto d = generate(ctx.param<int>("n"), ctx.param<int>("dim"), ctx.param<int>("classes"),
                            ctx.param<double>("noise"), rng);
    ctx.output("x", d.x);
    ctx.output("y", std::vector<std::int64_t>(d.y.begin(), d.y.end()));
  };
}

std::vector<int> as_labels(const std::vector<std::int64_t>& y) {
  std::vector<int> labels;
  for (auto v : y) {
    if (v < 0 || v >= (1 << 20))
      throw assay::Error("labels: " + std::to_string(v) + " is not a class index; use 0, 1, ...");
    labels.push_back(static_cast<int>(v));
  }
  return labels;
}

// Binomial standard error of an accuracy p over n examples.
double accuracy_se(double p, int n) { return std::sqrt(p * (1 - p) / n); }

assay::MethodInfo linear_probe_info() {
  return assay::method("linear_probe",
                       "Cross-validated ridge and logistic linear probes of labels from features")
      .param<int>("folds", 5, "cross-validation folds (fold f holds out i mod folds == f)",
                  assay::range(2, 1000))
      .param<double>("ridge_lambda", 1e-3, "ridge penalty on standardised features",
                     assay::range(0, 1e12))
      .param<double>("logistic_lambda", 1e-3, "L2 penalty of the one-vs-rest logistic fits",
                     assay::range(1e-12, 1e12))
      .input<Eigen::MatrixXd>("features", "n x d features, one example per row")
      .input<std::vector<std::int64_t>>("labels", "n class labels in [0, classes)")
      .output<double>("ridge_accuracy", "held-out accuracy of argmax ridge on one-hot labels")
      .output<double>("logistic_accuracy", "held-out accuracy of one-vs-rest logistic regression")
      .output<double>("r_squared", "held-out R^2 of the ridge fit of the one-hot labels")
      .check("chance_on_noise",
             "Features independent of the labels give held-out accuracy 1/classes (3 classes, "
             "600 examples, within 4 binomial standard errors).",
             [](const assay::CheckContext& ctx) {
               std::mt19937_64 rng(assay::derive_seed(ctx.seed, 1));
               auto noise = sl::gaussian_clusters(600, 5, 3, 1.0, rng);
               auto labels = sl::gaussian_clusters(600, 1, 3, 1.0, rng).y;
               std::shuffle(labels.begin(), labels.end(), rng);
               const auto s = sl::cross_validated_probe(noise.x, labels, {});
               return assay::expect_near(s.logistic_accuracy, 1.0 / 3,
                                         4 * accuracy_se(1.0 / 3, 600), "logistic accuracy vs 1/3");
             })
      .check("separates_clusters",
             "Well separated Gaussian clusters (noise 0.05, dim 5, 4 classes) are decoded "
             "perfectly by both probes.",
             [](const assay::CheckContext& ctx) {
               std::mt19937_64 rng(assay::derive_seed(ctx.seed, 2));
               const auto d = sl::gaussian_clusters(400, 5, 4, 0.05, rng);
               const auto s = sl::cross_validated_probe(d.x, d.y, {});
               return assay::expect_at_least(std::min(s.ridge_accuracy, s.logistic_accuracy), 1.0,
                                             "min(ridge, logistic) accuracy");
             });
}

void linear_probe(assay::Context& ctx) {
  const auto features = ctx.input<Eigen::MatrixXd>("features");
  const auto labels = as_labels(ctx.input<std::vector<std::int64_t>>("labels"));
  if (features.rows() != static_cast<Eigen::Index>(labels.size()))
    throw assay::Error("features/labels: " + std::to_string(features.rows()) + " rows but " +
                       std::to_string(labels.size()) + " labels; connect matching outputs");
  const int folds = ctx.param<int>("folds");
  if (folds > static_cast<int>(labels.size()))
    throw assay::Error("folds: more folds than examples; use at most " +
                       std::to_string(labels.size()));
  const auto s = sl::cross_validated_probe(
      features, labels,
      {folds, ctx.param<double>("ridge_lambda"), ctx.param<double>("logistic_lambda")});
  ctx.output("ridge_accuracy", s.ridge_accuracy);
  ctx.output("logistic_accuracy", s.logistic_accuracy);
  ctx.output("r_squared", s.r_squared);
}

assay::MethodInfo load_matrix_info() {
  return assay::method("load_matrix", "A matrix from a CSV file or an HDF5 dataset")
      .required<std::string>("path", "CSV file (header line optional) or .h5/.hdf5 file")
      .param("dataset", "", "HDF5 dataset path (e.g. \"/x\"); ignored for CSV")
      .output<Eigen::MatrixXd>("matrix", "the matrix, one row per line or per dataset row")
      .output<std::int64_t>("rows", "number of rows")
      .output<std::int64_t>("cols", "number of columns");
}

void load_matrix(assay::Context& ctx) {
  Eigen::MatrixXd m;
  try {
    m = sl::read_matrix(ctx.param<std::string>("path"), ctx.param<std::string>("dataset"));
  } catch (const std::runtime_error& e) {
    throw assay::Error(std::string("load_matrix: ") + e.what());
  }
  ctx.output("rows", static_cast<std::int64_t>(m.rows()));
  ctx.output("cols", static_cast<std::int64_t>(m.cols()));
  ctx.output("matrix", std::move(m));
}

assay::MethodInfo classify_info() {
  return assay::method("classify",
                       "Cross-validated logistic-regression accuracy of features against labels, "
                       "with a Wilson confidence interval")
      .param<int>("folds", 5, "cross-validation folds (fold f holds out i mod folds == f)",
                  assay::range(2, 1000))
      .param<double>("lambda", 1e-2, "L2 penalty of the one-vs-rest logistic fits",
                     assay::range(1e-12, 1e12))
      .param<double>("confidence", 0.95, "level of the confidence interval",
                     assay::range(0.5, 0.9999))
      .input<Eigen::MatrixXd>("features", "n x d features, one example per row")
      .input<std::vector<std::int64_t>>("labels", "n class labels in [0, classes)")
      .output<double>("accuracy", "pooled held-out accuracy")
      .output<double>("ci_low", "lower end of the Wilson interval")
      .output<double>("ci_high", "upper end of the Wilson interval")
      .check("interval_covers_chance",
             "On features independent of the labels (2 classes, 400 examples) the 99% interval "
             "contains the chance accuracy 1/2.",
             [](const assay::CheckContext& ctx) {
               std::mt19937_64 rng(assay::derive_seed(ctx.seed, 3));
               auto noise = sl::gaussian_clusters(400, 4, 2, 1.0, rng);
               auto labels = noise.y;
               std::shuffle(labels.begin(), labels.end(), rng);
               const auto s =
                   sl::classify(noise.x, labels, 5, 1e-2, sl::two_sided_normal_quantile(0.99));
               const double miss = std::max({0.0, s.ci_low - 0.5, 0.5 - s.ci_high});
               return assay::expect_at_most(miss, 0.0, "distance from 1/2 to the interval");
             });
}

void classify(assay::Context& ctx) {
  const auto features = ctx.input<Eigen::MatrixXd>("features");
  const auto labels = as_labels(ctx.input<std::vector<std::int64_t>>("labels"));
  if (features.rows() != static_cast<Eigen::Index>(labels.size()))
    throw assay::Error("features/labels: " + std::to_string(features.rows()) + " rows but " +
                       std::to_string(labels.size()) + " labels; connect matching outputs");
  const int folds = ctx.param<int>("folds");
  if (folds > static_cast<int>(labels.size()))
    throw assay::Error("folds: more folds than examples; use at most " +
                       std::to_string(labels.size()));
  const auto s = sl::classify(features, labels, folds, ctx.param<double>("lambda"),
                              sl::two_sided_normal_quantile(ctx.param<double>("confidence")));
  ctx.output("accuracy", s.accuracy);
  ctx.output("ci_low", s.ci_low);
  ctx.output("ci_high", s.ci_high);
}

}  // namespace

ASSAY_PLUGIN("stdlib", "0.1.0",
             assay::export_method(generator_info("gaussian_clusters",
                                                 "Balanced Gaussian clusters around random "
                                                 "N(0, I) centres",
                                                 1),
                                  generator(&sl::gaussian_clusters)),
             assay::export_method(generator_info("spirals",
                                                 "Interleaved noisy spiral arms, one per class, "
                                                 "in the first two coordinates",
                                                 2),
                                  generator(&sl::spirals)),
             assay::export_method(linear_probe_info(), linear_probe),
             assay::export_method(load_matrix_info(), load_matrix),
             assay::export_method(classify_info(), classify), sl::text_corpus_method(),
             sl::char_tokenizer_method(), sl::bpe_tokenizer_method(), sl::decode_tokens_method(),
             sl::token_batches_method(), sl::image_set_method(), sl::procedural_scenes_method())
