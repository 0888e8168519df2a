#include "weight_spectra.hpp"

#include <Eigen/SVD>
#include <algorithm>

#include "assay/stats/spectrum.hpp"

namespace assay::lowrank_collapse {

RankSummary rank_summary(const Eigen::MatrixXd& a) {
  if (a.squaredNorm() == 0) return {};
  return {stats::stable_rank(a), stats::effective_rank(a)};
}

int numerical_rank(const Eigen::MatrixXd& a, double relative_tolerance) {
  const Eigen::VectorXd s = stats::singular_values(a);
  if (s.size() == 0 || s(0) == 0) return 0;
  return static_cast<int>((s.array() > relative_tolerance * s(0)).count());
}

Eigen::MatrixXd top_k_projection(const Eigen::MatrixXd& a, int k) {
  if (k <= 0 || k >= std::min(a.rows(), a.cols())) return a;
  const Eigen::BDCSVD<Eigen::MatrixXd> svd(a, Eigen::ComputeThinU | Eigen::ComputeThinV);
  return svd.matrixU().leftCols(k) * svd.singularValues().head(k).asDiagonal() *
         svd.matrixV().leftCols(k).transpose();
}

}  // namespace assay::lowrank_collapse
