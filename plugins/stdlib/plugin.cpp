// The stdlib plugin: data sources, generators and evaluators every pipeline can reuse.
#include <assay/sdk.hpp>
#include <filesystem>
#include <optional>

#include "array_rows.hpp"
#include "claims.hpp"
#include "classification.hpp"
#include "image_methods.hpp"
#include "labelled_data.hpp"
#include "linear_probe.hpp"
#include "lm_methods.hpp"
#include "matrix_file.hpp"
#include "text_methods.hpp"

namespace {

namespace sl = assay::stdlib;

struct GeneratorSettings {
  int n = 300;
  int dim = 2;
  int classes = 3;
  double noise = 0.1;
};

using Generator = sl::LabelledData (*)(int, int, int, double, std::mt19937_64&);

assay::MethodExport generator_method(const char* id, const char* summary, int min_dim,
                                     Generator generate) {
  using G = GeneratorSettings;
  return assay::method<G, sl::LabelledData>(id, summary)
      .param(&G::n, "n", "number of examples", assay::range(2, 1 << 22))
      .param(&G::dim, "dim", "input dimension", assay::range(min_dim, 1 << 14))
      .param(&G::classes, "classes", "number of classes (balanced)", assay::range(2, 1 << 10))
      .param(&G::noise, "noise", "standard deviation of the Gaussian noise", assay::range(0, 1e6))
      .output(&sl::LabelledData::x, "x", "n x dim inputs, one example per row")
      .output(&sl::LabelledData::y, "y", "n labels in [0, classes)")
      .run([generate](const G& s, assay::Context& ctx) {
        auto rng = ctx.rng();
        return generate(s.n, s.dim, s.classes, s.noise, rng);
      });
}

// Features and labels of one example per row, checked to match.
struct Examples {
  Eigen::MatrixXd features;
  std::vector<std::int64_t> labels;

  std::vector<int> checked_labels(int folds) const {
    std::vector<int> out;
    for (auto v : labels) {
      if (v < 0 || v >= (1 << 20))
        throw assay::Error("labels: " + std::to_string(v) + " is not a class index; use 0, 1, ...");
      out.push_back(static_cast<int>(v));
    }
    if (features.rows() != static_cast<Eigen::Index>(out.size()))
      throw assay::Error("features/labels: " + std::to_string(features.rows()) + " rows but " +
                         std::to_string(out.size()) + " labels; connect matching outputs");
    if (folds > static_cast<int>(out.size()))
      throw assay::Error("folds: more folds than examples; use at most " +
                         std::to_string(out.size()));
    return out;
  }
};

// Declares the two example inputs of a method whose In has an Examples member `data`.
const auto example_inputs = [](auto& m) {
  m.input(
       [](auto& s) -> auto& { return s.data.features; }, "features",
       "n x d features, one example per row")
      .input(
          [](auto& s) -> auto& { return s.data.labels; }, "labels",
          "n class labels in [0, classes)");
};

struct ProbeSettings {
  sl::ProbeOptions options;
  Examples data;
};

assay::MethodExport linear_probe_method() {
  const auto option = [](auto member) {
    return [member](auto& s) -> auto& { return s.options.*member; };
  };
  using O = sl::ProbeOptions;
  return assay::method<ProbeSettings, sl::ProbeScores>(
             "linear_probe",
             "Cross-validated ridge and logistic linear probes of labels from features")
      .param(option(&O::folds), "folds",
             "cross-validation folds (fold f holds out i mod folds == f)", assay::range(2, 1000))
      .param(option(&O::ridge_lambda), "ridge_lambda", "ridge penalty on standardised features",
             assay::range(0, 1e12))
      .param(option(&O::logistic_lambda), "logistic_lambda",
             "L2 penalty of the one-vs-rest logistic fits", assay::range(1e-12, 1e12))
      .with(example_inputs)
      .output(&sl::ProbeScores::ridge_accuracy, "ridge_accuracy",
              "held-out accuracy of argmax ridge on one-hot labels")
      .output(&sl::ProbeScores::logistic_accuracy, "logistic_accuracy",
              "held-out accuracy of one-vs-rest logistic regression")
      .output(&sl::ProbeScores::r_squared, "r_squared",
              "held-out R^2 of the ridge fit of the one-hot labels")
      .claims(sl::linear_probe_claims())
      .run([](const ProbeSettings& s) {
        return sl::cross_validated_probe(s.data.features, s.data.checked_labels(s.options.folds),
                                         s.options);
      });
}

struct MatrixSource {
  std::filesystem::path path;
  std::optional<std::string> dataset;
};

struct LoadedMatrix {
  Eigen::MatrixXd matrix;
  std::int64_t rows = 0, cols = 0;
};

LoadedMatrix load_matrix(const MatrixSource& s, assay::Context& ctx) {
  const auto path = s.path.string();
  Eigen::MatrixXd m;
  if (sl::is_hdf5_path(path)) {
    if (!s.dataset)
      throw assay::Error("load_matrix: " + path +
                         ": an HDF5 file needs the `dataset` parameter (e.g. \"/x\")");
    const auto array = ctx.read_hdf5_dataset(path, *s.dataset);
    if (array.rank() > 2)
      throw assay::Error("load_matrix: " + path + ": dataset '" + *s.dataset + "' has rank " +
                         std::to_string(array.rank()) + "; a matrix needs 1 or 2");
    m = assay::to_matrix(array);
  } else {
    try {
      m = sl::read_csv_matrix(path);
    } catch (const std::runtime_error& e) {
      throw assay::Error(std::string("load_matrix: ") + e.what());
    }
  }
  return {m, m.rows(), m.cols()};
}

assay::MethodExport load_matrix_method() {
  return assay::method<MatrixSource, LoadedMatrix>("load_matrix",
                                                   "A matrix from a CSV file or an HDF5 dataset")
      .required(&MatrixSource::path, "path", "CSV file (header line optional) or .h5/.hdf5 file")
      .param(&MatrixSource::dataset, "dataset",
             "HDF5 dataset path (e.g. \"/x\"), needed for HDF5; unset: none (CSV)")
      .output(&LoadedMatrix::matrix, "matrix", "the matrix, one row per line or per dataset row")
      .output(&LoadedMatrix::rows, "rows", "number of rows")
      .output(&LoadedMatrix::cols, "cols", "number of columns")
      .run(load_matrix);
}

struct ArrayInput {
  assay::RealArray array;
};

struct ArrayRows {
  assay::RealArray rows;
};

assay::MethodExport flatten_rows_method() {
  return assay::method<ArrayInput, ArrayRows>(
             "flatten_rows",
             "An N x d1 x d2 x ... array as an N x (d1 d2 ...) matrix, one example per row")
      .input(&ArrayInput::array, "array", "any real array; its first axis indexes the examples")
      .output(&ArrayRows::rows, "rows", "the same values, row-major, with the other axes merged")
      .run([](const ArrayInput& in) { return ArrayRows{sl::flatten_rows(in.array)}; });
}

struct ClassifySettings {
  int folds = 5;
  double lambda = 1e-2;
  double confidence = 0.95;
  Examples data;
};

assay::MethodExport classify_method() {
  using C = ClassifySettings;
  using S = sl::ClassificationScore;
  return assay::method<C, S>("classify",
                             "Cross-validated logistic-regression accuracy of features against "
                             "labels, with a Wilson confidence interval")
      .param(&C::folds, "folds", "cross-validation folds (fold f holds out i mod folds == f)",
             assay::range(2, 1000))
      .param(&C::lambda, "lambda", "L2 penalty of the one-vs-rest logistic fits",
             assay::range(1e-12, 1e12))
      .param(&C::confidence, "confidence", "level of the confidence interval",
             assay::range(0.5, 0.9999))
      .with(example_inputs)
      .output(&S::accuracy, "accuracy", "pooled held-out accuracy")
      .output(&S::ci_low, "ci_low", "lower end of the Wilson interval")
      .output(&S::ci_high, "ci_high", "upper end of the Wilson interval")
      .claims(sl::classify_claims())
      .run([](const C& s) {
        return sl::classify(s.data.features, s.data.checked_labels(s.folds), s.folds, s.lambda,
                            sl::two_sided_normal_quantile(s.confidence));
      });
}

}  // namespace

ASSAY_PLUGIN("stdlib", "0.1.0", "MIT",
             generator_method("gaussian_clusters",
                              "Balanced Gaussian clusters around random N(0, I) centres", 1,
                              &sl::gaussian_clusters),
             generator_method("spirals",
                              "Interleaved noisy spiral arms, one per class, in the first two "
                              "coordinates",
                              2, &sl::spirals),
             linear_probe_method(), load_matrix_method(), flatten_rows_method(), classify_method(),
             sl::text_corpus_method(), sl::char_tokenizer_method(), sl::bpe_tokenizer_method(),
             sl::decode_tokens_method(), sl::token_batches_method(), sl::image_set_method(),
             sl::procedural_scenes_method(), sl::lm_train_method(), sl::lm_eval_method(),
             sl::lm_generate_method())
