// Class-incremental data with Gaussian class-conditionals: T tasks of C classes each, all
// classes sharing one covariance Sigma. The geometry is laid out in Mahalanobis (whitened)
// units and then mapped through Sigma^{1/2}, so separations do not depend on the conditioning.
#pragma once

#include <Eigen/Core>
#include <random>

namespace assay::cil_decentering {

// How the within-task class offsets sit relative to the task centres.
enum class Layout {
  random,      // isotropic random directions in the full space
  orthogonal,  // orthogonal to every inter-task direction: no interaction with task placement
  collinear,   // along the axis through the first two task centres: the kappa < 1 construction
};

struct TaskGeometry {
  int tasks = 3;
  int classes = 3;  // per task
  int dim = 8;
  double class_radius = 2.0;      // Mahalanobis norm of each within-task class offset
  double task_distance = 2.0;     // Mahalanobis distance between any two task centres
  double norm_asymmetry = 1.0;    // class 0 of the last task has an offset this many times longer
  double condition_number = 1.0;  // of Sigma; eigenvalues log-spaced in [1, condition_number]
  Layout layout = Layout::random;
};

// The population: class k belongs to task k / classes.
struct GaussianTasks {
  Eigen::MatrixXd means;  // K x d, one row per class
  Eigen::MatrixXd sigma;  // d x d shared covariance
  Eigen::VectorXi class_task;
  int tasks = 0;
};

// Throws std::invalid_argument if the geometry cannot be laid out (e.g. dim too small).
GaussianTasks make_gaussian_tasks(const TaskGeometry& geometry, std::mt19937_64& rng);

struct LabelledSample {
  Eigen::MatrixXd features;  // n x d
  Eigen::VectorXi labels;    // global class index
  Eigen::VectorXi tasks;     // task of each sample's class
};

// n_per_class i.i.d. draws from every class, grouped by class.
LabelledSample sample_gaussian_tasks(const GaussianTasks& population, int n_per_class,
                                     std::mt19937_64& rng);

}  // namespace assay::cil_decentering
