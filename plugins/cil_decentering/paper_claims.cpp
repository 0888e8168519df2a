#include "paper_claims.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <random>
#include <stdexcept>

#include "confusion_sweep.hpp"
#include "decentering.hpp"
#include "gaussian_tasks.hpp"
#include "incremental_training.hpp"
#include "labelled_data.hpp"
#include "task_confusion.hpp"

namespace assay::cil_decentering {
namespace {

TaskGeometry study_geometry(int dim, double condition_number) {
  TaskGeometry g;
  g.tasks = 3;
  g.classes = 3;
  g.dim = dim;
  g.class_radius = 2.0;
  g.task_distance = 2.0;
  g.condition_number = condition_number;
  return g;
}

// Largest |a_k - b_k - (a_0 - b_0)| over rows k: equality of two heads up to a common shift.
double max_shifted_difference(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  Eigen::MatrixXd diff = a - b;
  diff.rowwise() -= Eigen::RowVectorXd(diff.row(0));
  return diff.cwiseAbs().maxCoeff();
}

}  // namespace

OffsetStudy offset_study(std::uint64_t seed, int replicates, int n_per_class, double l2) {
  if (replicates < 2) throw std::invalid_argument("need at least two replicates");
  std::mt19937_64 rng(seed);
  const GaussianTasks population = make_gaussian_tasks(study_geometry(4, 4.0), rng);
  const auto pairs = cross_task_pairs(population.class_task);
  const Eigen::MatrixXd closed =
      closed_form_offsets(population.means, population.sigma, population.class_task, pairs);
  const SoftmaxFitOptions options{l2};
  Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(closed.rows(), closed.cols());
  Eigen::MatrixXd sum_sq = sum;
  for (int r = 0; r < replicates; ++r) {
    const LabelledSample s = sample_gaussian_tasks(population, n_per_class, rng);
    const LinearHead joint =
        train_joint(s.features, s.labels, static_cast<int>(population.means.rows()), options);
    const LinearHead sequential =
        train_sequential(s.features, s.labels, population.class_task, options);
    const Eigen::MatrixXd offsets = fitted_offsets(sequential, joint, pairs);
    sum += offsets;
    sum_sq += offsets.cwiseProduct(offsets);
  }
  const double n = replicates;
  const Eigen::MatrixXd mean = sum / n;
  const Eigen::MatrixXd variance = (sum_sq - n * mean.cwiseProduct(mean)) / (n - 1);
  const Eigen::MatrixXd standard_error = (variance.cwiseMax(0.0) / n).cwiseSqrt();
  OffsetStudy study;
  study.replicates = replicates;
  study.max_abs_t = ((mean - closed).cwiseAbs().array() / standard_error.array()).maxCoeff();
  const double alpha = 0.01 / double(closed.size());
  study.critical_t = boost::math::quantile(boost::math::students_t(n - 1), 1.0 - alpha / 2.0);
  study.relative_error = (mean - closed).norm() / closed.norm();
  study.dispersion = offset_dispersion(mean, pairs, population.class_task);
  return study;
}

double population_decentering_residual(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  TaskGeometry g = study_geometry(6, 20.0);
  g.tasks = 4;
  g.norm_asymmetry = 3.0;
  const GaussianTasks p = make_gaussian_tasks(g, rng);
  const LinearHead lda = lda_head(p.means, p.sigma);
  const LinearHead decentered = decenter(sequential_population_head(p.means, p.sigma, p.class_task),
                                         p.means, p.sigma, p.class_task);
  const double scale = lda.weights.cwiseAbs().maxCoeff() + lda.biases.cwiseAbs().maxCoeff();
  return std::max(max_shifted_difference(decentered.weights, lda.weights),
                  max_shifted_difference(decentered.biases, lda.biases)) /
         scale;
}

TrainedStudy trained_study(std::uint64_t seed, int n_per_class, double l2, int n_test_per_class) {
  std::mt19937_64 rng(seed);
  const GaussianTasks population = make_gaussian_tasks(study_geometry(8, 10.0), rng);
  const LabelledSample train = sample_gaussian_tasks(population, n_per_class, rng);
  const LabelledSample test = sample_gaussian_tasks(population, n_test_per_class, rng);
  const DecenteringHeads heads = train_and_decenter(train, population.class_task, l2, 0.0);
  return score_decentering(heads, train, test, population.class_task, 0.0);
}

SeparatedStudy separated_study(std::uint64_t seed, int n_per_class) {
  std::mt19937_64 rng(seed);
  TaskGeometry g = study_geometry(8, 1.0);
  g.class_radius = 4.0;
  g.task_distance = 1.0;
  for (int attempt = 0; attempt < 50; ++attempt) {
    const GaussianTasks p = make_gaussian_tasks(g, rng);
    const SeparationSummary separation = summarize(sequential_separation(p));
    const LinearHead sequential = sequential_population_head(p.means, p.sigma, p.class_task);
    const double bound = task_confusion_upper_bound(sequential, p);
    if (!(separation.kappa_min > 1.0) || bound >= 1.0) continue;
    const MonteCarloConfusion mc = monte_carlo_task_confusion(sequential, p, n_per_class, rng);
    return {separation.kappa_min, mc.confusion, mc.standard_error, bound};
  }
  throw std::runtime_error("no separated geometry with a non-trivial bound in 50 draws");
}

CollinearStudy collinear_study(std::uint64_t seed, int n_per_class) {
  TaskGeometry g;
  g.tasks = 2;
  g.classes = 2;
  g.dim = 2;
  g.class_radius = 1.0;
  g.layout = Layout::collinear;
  std::mt19937_64 rng(seed);
  const auto rows =
      confusion_sweep(g, SweepAxis::task_distance, {3.0, 6.0, 12.0, 24.0}, n_per_class, rng);
  CollinearStudy study{1.0, 0.0, -1.0};
  const double samples = double(g.tasks * g.classes) * n_per_class;
  for (const ConfusionRow& r : rows) {
    if (r.sequential_confusion <= study.min_sequential_confusion) {
      study.min_sequential_confusion = r.sequential_confusion;
      study.min_sequential_se = r.sequential_se;
    }
    const double p = std::max(r.decentered_confusion, r.decentered_upper_bound);
    const double se = std::sqrt(p * (1 - p) / samples);
    study.max_decentered_excess = std::max(
        study.max_decentered_excess, r.decentered_confusion - r.decentered_upper_bound - 3 * se);
  }
  return study;
}

AsymmetryStudy asymmetry_study(std::uint64_t seed, int n_per_class) {
  TaskGeometry g;
  g.tasks = 2;
  g.classes = 3;
  g.dim = 8;
  g.class_radius = 2.0;
  g.task_distance = 4.0;
  g.layout = Layout::orthogonal;
  std::mt19937_64 rng(seed);
  const auto rows = confusion_sweep(g, SweepAxis::norm_asymmetry, {32.0}, n_per_class, rng);
  const double first = rows.front().first_task_confusion;
  return {first, std::sqrt(std::max(first * (1 - first), 1e-12) / (g.classes * n_per_class))};
}

InputData parse_input_data(const std::string& name) {
  if (name == "spirals") return InputData::spirals;
  if (name == "gaussian_clusters") return InputData::gaussian_clusters;
  throw std::invalid_argument("unknown data set '" + name + "'; use spirals or gaussian_clusters");
}

RandomFeatureStudy random_feature_study(std::uint64_t seed, const RandomFeatureSetting& s) {
  std::mt19937_64 rng(seed);
  const int classes = s.tasks * s.classes;
  const RandomFeatureBackbone backbone =
      make_random_feature_backbone(s.input_dim, s.width, s.scale, s.activation, rng);
  // gaussian_clusters draws fresh centres on every call: draw once, split into train and test.
  const auto generate =
      s.data == InputData::spirals ? &stdlib::spirals : &stdlib::gaussian_clusters;
  const stdlib::LabelledData all =
      generate((s.n_train + s.n_test) * classes, s.input_dim, classes, s.noise, rng);
  const auto sample = [&](int first, int n_per_class) {
    const int rows = n_per_class * classes;
    const Eigen::MatrixXd x = all.x.middleRows(first * classes, rows);
    const Eigen::VectorXi labels =
        Eigen::Map<const Eigen::VectorXi>(all.y.data() + first * classes, rows);
    return assign_tasks(backbone.features(x), labels, s.classes);
  };
  const LabelledSample train = sample(0, s.n_train);
  const LabelledSample test = sample(s.n_train, s.n_test);
  const Eigen::VectorXi class_task =
      Eigen::VectorXi::LinSpaced(classes, 0, classes - 1) / s.classes;
  const DecenteringHeads heads = train_and_decenter(train, class_task, s.l2, s.ridge);
  return {score_decentering(heads, train, test, class_task, s.ridge),
          gaussian_departure(train.features, train.labels, classes)};
}

}  // namespace assay::cil_decentering
