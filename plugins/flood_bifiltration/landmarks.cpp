#include "landmarks.hpp"

#include <limits>
#include <numeric>

namespace assay::flood_bifiltration {

std::vector<int> farthest_point_sample(const Eigen::MatrixXd& points, int count, int first) {
  const int n = static_cast<int>(points.rows());
  std::vector<int> chosen;
  if (count <= 0 || count >= n) {
    chosen.resize(n);
    std::iota(chosen.begin(), chosen.end(), 0);
    return chosen;
  }
  Eigen::VectorXd d2 = Eigen::VectorXd::Constant(n, std::numeric_limits<double>::infinity());
  int next = first;
  while (static_cast<int>(chosen.size()) < count) {
    chosen.push_back(next);
    d2 = d2.cwiseMin((points.rowwise() - points.row(next)).rowwise().squaredNorm());
    d2.maxCoeff(&next);
  }
  return chosen;
}

Eigen::MatrixXd select_rows(const Eigen::MatrixXd& points, const std::vector<int>& indices) {
  Eigen::MatrixXd out(static_cast<Eigen::Index>(indices.size()), points.cols());
  for (std::size_t i = 0; i < indices.size(); ++i)
    out.row(static_cast<Eigen::Index>(i)) = points.row(indices[i]);
  return out;
}

}  // namespace assay::flood_bifiltration
