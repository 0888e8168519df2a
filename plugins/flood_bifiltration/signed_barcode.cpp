#include "signed_barcode.hpp"

namespace assay::flood_bifiltration {

Eigen::MatrixXi moebius_inversion(const Eigen::MatrixXi& h) {
  Eigen::MatrixXi mu(h.rows(), h.cols());
  auto at = [&](Eigen::Index i, Eigen::Index j) { return i < 0 || j < 0 ? 0 : h(i, j); };
  for (Eigen::Index i = 0; i < h.rows(); ++i)
    for (Eigen::Index j = 0; j < h.cols(); ++j)
      mu(i, j) = at(i, j) - at(i - 1, j) - at(i, j - 1) + at(i - 1, j - 1);
  return mu;
}

Eigen::MatrixXd signed_barcode(const Eigen::MatrixXi& hilbert, const std::vector<double>& r_grid,
                               const std::vector<double>& s_grid) {
  const auto mu = moebius_inversion(hilbert);
  std::vector<Eigen::Vector3d> rows;
  for (Eigen::Index i = 0; i < mu.rows(); ++i)
    for (Eigen::Index j = 0; j < mu.cols(); ++j)
      if (mu(i, j) != 0) rows.emplace_back(r_grid[i], s_grid[j], mu(i, j));
  Eigen::MatrixXd out(static_cast<Eigen::Index>(rows.size()), 3);
  for (std::size_t t = 0; t < rows.size(); ++t)
    out.row(static_cast<Eigen::Index>(t)) = rows[t].transpose();
  return out;
}

Eigen::MatrixXi cumulative_sum(const Eigen::MatrixXi& mu) {
  Eigen::MatrixXi h = mu;
  for (Eigen::Index i = 0; i < h.rows(); ++i)
    for (Eigen::Index j = 0; j < h.cols(); ++j) {
      if (i > 0) h(i, j) += h(i - 1, j);
      if (j > 0) h(i, j) += h(i, j - 1);
      if (i > 0 && j > 0) h(i, j) -= h(i - 1, j - 1);
    }
  return h;
}

}  // namespace assay::flood_bifiltration
