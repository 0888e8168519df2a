#include "target_linearity.hpp"

#include <Eigen/QR>
#include <assay/stats/spectrum.hpp>

namespace assay::feature_learning {
namespace {

Eigen::MatrixXd centred(const Eigen::MatrixXd& m) { return m.rowwise() - m.colwise().mean(); }

}  // namespace

double target_linearity(const Eigen::MatrixXd& features, const std::vector<int>& labels,
                        int classes) {
  Eigen::MatrixXd y = Eigen::MatrixXd::Zero(features.rows(), classes);
  for (std::size_t i = 0; i < labels.size(); ++i) y(i, labels[i]) = 1;
  y = centred(y);
  const Eigen::MatrixXd h = centred(features);
  // The minimum-norm least-squares solution gives the projection P_H Y even when H_c is
  // rank-deficient (collapsed or dead features), as the pseudo-inverse does.
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod(h);
  const Eigen::MatrixXd residual = y - h * cod.solve(y);
  return 1.0 - residual.squaredNorm() / y.squaredNorm();
}

double feature_effective_rank(const Eigen::MatrixXd& features) {
  return stats::effective_rank(centred(features));
}

}  // namespace assay::feature_learning
