#include "gaussian_tasks.hpp"

#include <Eigen/Cholesky>
#include <Eigen/QR>
#include <cmath>
#include <stdexcept>

namespace assay::cil_decentering {
namespace {

Eigen::MatrixXd standard_normal(int rows, int cols, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Eigen::MatrixXd z(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) z(i, j) = normal(rng);
  return z;
}

// Haar-distributed orthogonal matrix (QR of a Gaussian matrix with the sign fix).
Eigen::MatrixXd random_rotation(int dim, std::mt19937_64& rng) {
  Eigen::HouseholderQR<Eigen::MatrixXd> qr(standard_normal(dim, dim, rng));
  Eigen::MatrixXd q = qr.householderQ();
  const Eigen::VectorXd r_diag = qr.matrixQR().diagonal();
  for (int j = 0; j < dim; ++j)
    if (r_diag(j) < 0) q.col(j) *= -1;
  return q;
}

Eigen::MatrixXd shared_covariance(int dim, double condition_number, std::mt19937_64& rng) {
  Eigen::VectorXd eigenvalues(dim);
  for (int j = 0; j < dim; ++j)
    eigenvalues(j) = dim == 1 ? 1.0 : std::pow(condition_number, double(j) / (dim - 1));
  const Eigen::MatrixXd rotation = random_rotation(dim, rng);
  return rotation * eigenvalues.asDiagonal() * rotation.transpose();
}

// Offsets of one task's classes, before the asymmetry and the centring.
Eigen::MatrixXd class_offsets(const TaskGeometry& g, const Eigen::MatrixXd& frame,
                              std::mt19937_64& rng) {
  Eigen::MatrixXd offsets(g.classes, g.dim);
  for (int c = 0; c < g.classes; ++c) {
    switch (g.layout) {
      case Layout::random:
        offsets.row(c) = standard_normal(1, g.dim, rng);
        break;
      case Layout::orthogonal:  // in the span of the frame vectors not used by task centres
        offsets.row(c) =
            (frame.rightCols(g.dim - g.tasks) * standard_normal(g.dim - g.tasks, 1, rng))
                .transpose();
        break;
      case Layout::collinear: {
        const double position = g.classes == 1 ? 0.0 : 2.0 * c / (g.classes - 1) - 1.0;
        const Eigen::VectorXd axis =
            g.tasks >= 2 ? Eigen::VectorXd((frame.col(1) - frame.col(0)).normalized())
                         : Eigen::VectorXd(frame.col(0));
        offsets.row(c) = position * axis.transpose();
        continue;  // already of norm <= 1 along the axis; scaled by the radius below
      }
    }
    offsets.row(c).normalize();
  }
  return g.class_radius * offsets;
}

}  // namespace

GaussianTasks make_gaussian_tasks(const TaskGeometry& g, std::mt19937_64& rng) {
  if (g.dim < g.tasks + (g.layout == Layout::orthogonal ? 1 : 0))
    throw std::invalid_argument("dim must exceed the number of tasks for this layout");
  const Eigen::MatrixXd frame = random_rotation(g.dim, rng);
  const int k_total = g.tasks * g.classes;
  Eigen::MatrixXd whitened(k_total, g.dim);
  GaussianTasks out;
  out.tasks = g.tasks;
  out.class_task.resize(k_total);
  for (int t = 0; t < g.tasks; ++t) {
    // Centres at distance task_distance from each other: scaled orthonormal frame vectors.
    const Eigen::RowVectorXd centre =
        g.tasks == 1
            ? Eigen::RowVectorXd::Zero(g.dim)
            : Eigen::RowVectorXd(g.task_distance / std::sqrt(2.0) * frame.col(t).transpose());
    Eigen::MatrixXd offsets = class_offsets(g, frame, rng);
    if (t == g.tasks - 1) offsets.row(0) *= g.norm_asymmetry;
    offsets.rowwise() -= offsets.colwise().mean();  // the task centre is the mean class mean
    for (int c = 0; c < g.classes; ++c) {
      whitened.row(t * g.classes + c) = centre + offsets.row(c);
      out.class_task(t * g.classes + c) = t;
    }
  }
  out.sigma = shared_covariance(g.dim, g.condition_number, rng);
  const Eigen::LLT<Eigen::MatrixXd> chol(out.sigma);
  out.means = whitened * Eigen::MatrixXd(chol.matrixL()).transpose();
  return out;
}

LabelledSample sample_gaussian_tasks(const GaussianTasks& population, int n_per_class,
                                     std::mt19937_64& rng) {
  const int k_total = static_cast<int>(population.means.rows());
  const int dim = static_cast<int>(population.means.cols());
  const Eigen::MatrixXd lower = Eigen::LLT<Eigen::MatrixXd>(population.sigma).matrixL();
  LabelledSample s;
  s.features = standard_normal(k_total * n_per_class, dim, rng) * lower.transpose();
  s.labels.resize(k_total * n_per_class);
  s.tasks.resize(k_total * n_per_class);
  for (int k = 0; k < k_total; ++k)
    for (int i = 0; i < n_per_class; ++i) {
      const int row = k * n_per_class + i;
      s.features.row(row) += population.means.row(k);
      s.labels(row) = k;
      s.tasks(row) = population.class_task(k);
    }
  return s;
}

}  // namespace assay::cil_decentering
