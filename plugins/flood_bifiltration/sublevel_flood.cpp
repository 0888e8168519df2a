#include "sublevel_flood.hpp"

#include <algorithm>
#include <cmath>

#include "kd_tree.hpp"

namespace assay::flood_bifiltration {

Eigen::VectorXd knn_codensity(const Eigen::MatrixXd& points, int k) {
  const KdTree tree(points);
  const int kk = std::min<int>(k + 1, static_cast<int>(points.rows()));  // the point itself first
  Eigen::VectorXd gamma(points.rows());
  Eigen::VectorXd q(points.cols());
  for (int i = 0; i < points.rows(); ++i) {
    q = points.row(i).transpose();
    gamma(i) = tree.k_nearest_distances(q.data(), kk).back();
  }
  return gamma;
}

FiltrationValues slice_values(const FloodComplex& flood, const Eigen::MatrixXd& points,
                              const Eigen::VectorXd& gamma, double s, const FloodOptions& options) {
  std::vector<int> rows;
  for (int i = 0; i < points.rows(); ++i)
    if (gamma(i) <= s) rows.push_back(i);
  Eigen::MatrixXd cover(static_cast<Eigen::Index>(rows.size()), points.cols());
  for (std::size_t i = 0; i < rows.size(); ++i)
    cover.row(static_cast<Eigen::Index>(i)) = points.row(rows[i]);
  return covering_radii(flood.complex, flood.landmarks, cover, options.mode, options.resolution);
}

namespace {

std::vector<double> quantile_grid(const Eigen::VectorXd& gamma, int steps) {
  std::vector<double> sorted(gamma.data(), gamma.data() + gamma.size());
  std::sort(sorted.begin(), sorted.end());
  std::vector<double> grid;
  const auto n = static_cast<double>(sorted.size());
  for (int j = 0; j < steps; ++j) {
    const auto idx = static_cast<std::size_t>(std::ceil((j + 1) * n / steps)) - 1;
    grid.push_back(sorted[std::min(idx, sorted.size() - 1)]);
  }
  return grid;
}

double largest_finite(const FiltrationValues& values) {
  double m = 0;
  for (const auto& list : values)
    for (double v : list)
      if (std::isfinite(v)) m = std::max(m, v);
  return m;
}

}  // namespace

SublevelFlood sublevel_flood(const Eigen::MatrixXd& points, const Eigen::VectorXd& gamma,
                             const FloodOptions& options, const GridOptions& grid) {
  SublevelFlood out;
  out.flood = flood_complex(points, options.landmarks);
  out.s_grid = quantile_grid(gamma, grid.s_steps);
  for (double s : out.s_grid) {
    out.slices.push_back(slice_values(out.flood, points, gamma, s, options));
    out.diagrams.push_back(persistence_diagrams(out.flood.complex, out.slices.back(), 1));
  }
  const double r_max = grid.r_max ? *grid.r_max : largest_finite(out.slices.back());
  for (int i = 0; i < grid.r_steps; ++i)
    out.r_grid.push_back(grid.r_steps == 1 ? r_max : r_max * i / (grid.r_steps - 1));
  for (int k = 0; k < 2; ++k) {
    out.hilbert[k].resize(grid.r_steps, grid.s_steps);
    for (int j = 0; j < grid.s_steps; ++j)
      for (int i = 0; i < grid.r_steps; ++i)
        out.hilbert[k](i, j) = alive_at(out.diagrams[j][k], out.r_grid[i]);
  }
  return out;
}

Eigen::VectorXd hilbert_features(const SublevelFlood& bifiltration, bool one_parameter) {
  const auto r = bifiltration.hilbert[0].rows(), s = bifiltration.hilbert[0].cols();
  const auto columns = one_parameter ? 1 : s;
  Eigen::VectorXd f(2 * r * columns);
  Eigen::Index at = 0;
  for (int k = 0; k < 2; ++k)
    for (auto j = s - columns; j < s; ++j)
      for (Eigen::Index i = 0; i < r; ++i) f(at++) = bifiltration.hilbert[k](i, j);
  return f;
}

}  // namespace assay::flood_bifiltration
