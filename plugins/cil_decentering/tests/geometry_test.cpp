// The generator lays out the geometry it promises, in Mahalanobis units.
#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <catch2/catch.hpp>
#include <cmath>

#include "gaussian_tasks.hpp"
#include "incremental_training.hpp"

namespace cil = assay::cil_decentering;

namespace {
double mahalanobis(const Eigen::MatrixXd& sigma, const Eigen::RowVectorXd& v) {
  return std::sqrt(v.dot(Eigen::LLT<Eigen::MatrixXd>(sigma).solve(v.transpose()).transpose()));
}
}  // namespace

TEST_CASE("task centres are task_distance apart in Mahalanobis distance", "[cil_decentering]") {
  std::mt19937_64 rng(7);
  cil::TaskGeometry g;
  g.tasks = 4;
  g.dim = 9;
  g.task_distance = 3.5;
  g.condition_number = 50;
  const auto p = cil::make_gaussian_tasks(g, rng);
  const Eigen::MatrixXd centres = cil::task_centres(p.means, p.class_task);
  for (int s = 0; s < g.tasks; ++s)
    for (int t = s + 1; t < g.tasks; ++t)
      CHECK(mahalanobis(p.sigma, centres.row(s) - centres.row(t)) == Approx(3.5).epsilon(1e-10));
  const Eigen::VectorXd eig = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(p.sigma).eigenvalues();
  CHECK(eig.maxCoeff() / eig.minCoeff() == Approx(50).epsilon(1e-8));
}

TEST_CASE("collinear layout puts classes on the inter-task axis at +-class_radius",
          "[cil_decentering]") {
  std::mt19937_64 rng(3);
  cil::TaskGeometry g;
  g.tasks = 2;
  g.classes = 2;
  g.dim = 3;
  g.class_radius = 1.5;
  g.task_distance = 5;
  g.layout = cil::Layout::collinear;
  const auto p = cil::make_gaussian_tasks(g, rng);
  const Eigen::MatrixXd centres = cil::task_centres(p.means, p.class_task);
  const Eigen::RowVectorXd axis = centres.row(1) - centres.row(0);
  for (int k = 0; k < 4; ++k) {
    const Eigen::RowVectorXd offset = p.means.row(k) - centres.row(p.class_task(k));
    CHECK(mahalanobis(p.sigma, offset) == Approx(1.5).epsilon(1e-10));
    // Collinear with the axis: Cauchy-Schwarz holds with equality in the Mahalanobis product.
    const double product =
        offset.dot(Eigen::LLT<Eigen::MatrixXd>(p.sigma).solve(axis.transpose()).transpose());
    CHECK(std::abs(product) ==
          Approx(mahalanobis(p.sigma, offset) * mahalanobis(p.sigma, axis)).epsilon(1e-9));
  }
}

TEST_CASE("samples have the population means and covariance within sampling error",
          "[cil_decentering]") {
  std::mt19937_64 rng(11);
  cil::TaskGeometry g;
  g.dim = 5;
  g.condition_number = 10;
  const auto p = cil::make_gaussian_tasks(g, rng);
  const int n = 4000;
  const auto s = cil::sample_gaussian_tasks(p, n, rng);
  for (int k = 0; k < p.means.rows(); ++k) {
    const Eigen::RowVectorXd mean = s.features.middleRows(k * n, n).colwise().mean();
    // Whitened error is N(0, I/n): its squared norm * n is chi^2_d; 5 SD above the mean d.
    const double chi2 = n * std::pow(mahalanobis(p.sigma, mean - p.means.row(k)), 2);
    CHECK(chi2 < g.dim + 5 * std::sqrt(2.0 * g.dim));
    CHECK((s.labels.segment(k * n, n).array() == k).all());
    CHECK((s.tasks.segment(k * n, n).array() == p.class_task(k)).all());
  }
}

TEST_CASE("orthogonal layout needs room beyond the task centres", "[cil_decentering]") {
  std::mt19937_64 rng(1);
  cil::TaskGeometry g;
  g.tasks = 3;
  g.dim = 3;
  g.layout = cil::Layout::orthogonal;
  CHECK_THROWS_AS(cil::make_gaussian_tasks(g, rng), std::invalid_argument);
}
