#include "assay/stats/spectrum.hpp"

#include <Eigen/QR>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace assay::stats {

Eigen::MatrixXd Pca::transform(const Eigen::MatrixXd& x) const {
  return (x.rowwise() - mean) * components;
}

Pca fit_pca(const Eigen::MatrixXd& x, Eigen::Index k) {
  if (k < 1 || k > std::min(x.rows(), x.cols())) {
    throw std::invalid_argument("assay::stats: fit_pca: k must be in [1, min(rows, cols)]");
  }
  Pca pca;
  pca.mean = x.colwise().mean();
  const Eigen::MatrixXd centred = x.rowwise() - pca.mean;
  Eigen::BDCSVD<Eigen::MatrixXd> svd(centred, Eigen::ComputeThinV);
  const Eigen::VectorXd variances = svd.singularValues().array().square() /
                                    static_cast<double>(std::max<Eigen::Index>(x.rows() - 1, 1));
  pca.components = svd.matrixV().leftCols(k);
  pca.variances = variances.head(k);
  pca.explained_ratio = pca.variances / variances.sum();
  return pca;
}

Eigen::VectorXd singular_values(const Eigen::MatrixXd& a) {
  return Eigen::BDCSVD<Eigen::MatrixXd>(a).singularValues();
}

double effective_rank(const Eigen::MatrixXd& a) {
  const Eigen::VectorXd s = singular_values(a);
  const double total = s.sum();
  if (total == 0) return 0;
  double entropy = 0;
  for (double v : s) {
    const double p = v / total;
    if (p > 0) entropy -= p * std::log(p);
  }
  return std::exp(entropy);
}

double stable_rank(const Eigen::MatrixXd& a) {
  const Eigen::VectorXd s = singular_values(a);
  if (s.size() == 0 || s(0) == 0) return 0;
  return s.squaredNorm() / (s(0) * s(0));
}

Eigen::VectorXd principal_angles(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  if (a.rows() != b.rows()) {
    throw std::invalid_argument("assay::stats: principal_angles: bases of different dimension");
  }
  const Eigen::MatrixXd qa = Eigen::HouseholderQR<Eigen::MatrixXd>(a).householderQ() *
                             Eigen::MatrixXd::Identity(a.rows(), a.cols());
  const Eigen::MatrixXd qb = Eigen::HouseholderQR<Eigen::MatrixXd>(b).householderQ() *
                             Eigen::MatrixXd::Identity(b.rows(), b.cols());
  const Eigen::VectorXd cosines = singular_values(qa.transpose() * qb);
  return cosines.array().min(1.0).max(-1.0).acos();  // descending cosines: ascending angles
}

}  // namespace assay::stats
