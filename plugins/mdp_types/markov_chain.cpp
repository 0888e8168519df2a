#include "markov_chain.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace assay::mdp_types {

void require_stochastic(const Eigen::MatrixXd& kernel, std::string_view what) {
  const std::string name(what);
  if (kernel.rows() == 0 || kernel.rows() != kernel.cols())
    throw std::invalid_argument(name + " must be a non-empty square matrix");
  if ((kernel.array() < 0).any()) throw std::invalid_argument(name + " has a negative entry");
  for (Eigen::Index i = 0; i < kernel.rows(); ++i)
    if (std::abs(kernel.row(i).sum() - 1) > 1e-9)
      throw std::invalid_argument(name + ": row " + std::to_string(i) + " does not sum to 1");
}

Eigen::VectorXd stationary_distribution(const Eigen::MatrixXd& kernel) {
  const Eigen::Index m = kernel.rows();
  // (K^T - I) q = 0 with the last equation replaced by sum(q) = 1.
  Eigen::MatrixXd a = kernel.transpose() - Eigen::MatrixXd::Identity(m, m);
  a.row(m - 1).setOnes();
  Eigen::VectorXd b = Eigen::VectorXd::Zero(m);
  b(m - 1) = 1;
  Eigen::FullPivLU<Eigen::MatrixXd> lu(a);
  if (!lu.isInvertible())
    throw std::invalid_argument("kernel has no unique stationary law (is it irreducible?)");
  Eigen::VectorXd q = lu.solve(b);
  return q.cwiseMax(0.0) / q.cwiseMax(0.0).sum();
}

PerronRoot perron_root(const Eigen::MatrixXd& nonnegative) {
  Eigen::EigenSolver<Eigen::MatrixXd> solver(nonnegative);
  const auto& values = solver.eigenvalues();
  Eigen::Index best = 0;
  for (Eigen::Index i = 1; i < values.size(); ++i)
    if (values(i).real() > values(best).real()) best = i;
  Eigen::VectorXd v = solver.eigenvectors().col(best).real();
  if (v.sum() < 0) v = -v;
  // The Perron vector is positive; tiny negative entries are rounding.
  v = v.cwiseMax(0.0);
  return {values(best).real(), v / v.sum()};
}

Eigen::MatrixXd doob_transform(const Eigen::MatrixXd& nonnegative) {
  const PerronRoot root = perron_root(nonnegative);
  Eigen::MatrixXd twisted = nonnegative;
  for (Eigen::Index i = 0; i < twisted.rows(); ++i) {
    for (Eigen::Index j = 0; j < twisted.cols(); ++j)
      twisted(i, j) *= root.right(j) / (root.value * root.right(i));
    twisted.row(i) /= twisted.row(i).sum();  // removes eigen-solver rounding
  }
  return twisted;
}

Eigen::MatrixXd pair_measure(const Eigen::VectorXd& marginal, const Eigen::MatrixXd& kernel) {
  return marginal.asDiagonal() * kernel;
}

double conditional_kl(const Eigen::MatrixXd& pair, const Eigen::MatrixXd& kernel) {
  const Eigen::VectorXd q = pair.rowwise().sum();
  double d = 0;
  for (Eigen::Index i = 0; i < pair.rows(); ++i)
    for (Eigen::Index j = 0; j < pair.cols(); ++j) {
      if (pair(i, j) <= 0) continue;
      if (kernel(i, j) <= 0) return std::numeric_limits<double>::infinity();
      d += pair(i, j) * std::log(pair(i, j) / (q(i) * kernel(i, j)));
    }
  return d;
}

double conditional_entropy(const Eigen::MatrixXd& pair) {
  const Eigen::VectorXd q = pair.rowwise().sum();
  double h = 0;
  for (Eigen::Index i = 0; i < pair.rows(); ++i)
    for (Eigen::Index j = 0; j < pair.cols(); ++j)
      if (pair(i, j) > 0) h -= pair(i, j) * std::log(pair(i, j) / q(i));
  return h;
}

Eigen::MatrixXd conditional_of(const Eigen::MatrixXd& pair) {
  Eigen::MatrixXd conditional = Eigen::MatrixXd::Zero(pair.rows(), pair.cols());
  for (Eigen::Index i = 0; i < pair.rows(); ++i) {
    const double qi = pair.row(i).sum();
    if (qi > 0) conditional.row(i) = pair.row(i) / qi;
  }
  return conditional;
}

}  // namespace assay::mdp_types
