#include "paper_claims.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <random>
#include <stdexcept>

#include "decentering.hpp"
#include "gaussian_tasks.hpp"
#include "incremental_training.hpp"
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
  const int classes = static_cast<int>(population.means.rows());
  const LabelledSample train = sample_gaussian_tasks(population, n_per_class, rng);
  const LabelledSample test = sample_gaussian_tasks(population, n_test_per_class, rng);
  const SoftmaxFitOptions options{l2};
  const LinearHead joint = train_joint(train.features, train.labels, classes, options);
  const LinearHead sequential =
      train_sequential(train.features, train.labels, population.class_task, options);
  const GaussianEstimate estimate = estimate_pooled_gaussian(train.features, train.labels, classes);
  const LinearHead decentered =
      decenter(sequential, estimate.means, estimate.sigma, population.class_task);
  const Eigen::VectorXi lda = lda_head(estimate.means, estimate.sigma).predict(test.features);
  const Eigen::VectorXi joint_pred = joint.predict(test.features);
  const Eigen::VectorXi seq_pred = sequential.predict(test.features);
  const Eigen::VectorXi dec_pred = decentered.predict(test.features);

  TrainedStudy study;
  study.joint_accuracy = accuracy(joint_pred, test.labels);
  study.sequential_accuracy = accuracy(seq_pred, test.labels);
  study.decentered_accuracy = accuracy(dec_pred, test.labels);
  const GapRecovery gap =
      gap_recovered(correct(seq_pred, test.labels), correct(dec_pred, test.labels),
                    correct(joint_pred, test.labels));
  study.gap_fraction = gap.fraction;
  study.gap_standard_error = gap.standard_error;
  const Eigen::ArrayXd dec_differs = (dec_pred.array() != lda.array()).cast<double>();
  const Eigen::ArrayXd joint_differs = (joint_pred.array() != lda.array()).cast<double>();
  study.decentered_lda_disagreement = dec_differs.mean();
  study.joint_lda_disagreement = joint_differs.mean();
  const Eigen::ArrayXd paired = dec_differs - joint_differs;
  const double n = double(paired.size());
  study.disagreement_se =
      std::sqrt((paired - paired.mean()).square().sum() / std::max(1.0, n - 1) / n);
  return study;
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

}  // namespace assay::cil_decentering
