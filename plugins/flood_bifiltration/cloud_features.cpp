#include "cloud_features.hpp"

#include <algorithm>
#include <stdexcept>

#include "landmarks.hpp"

namespace assay::flood_bifiltration {

CloudFeatures cloud_features(const Eigen::MatrixXd& points, const std::vector<int>& cloud,
                             const FloodOptions& options, const GridOptions& grid, int density_k) {
  if (cloud.size() != static_cast<std::size_t>(points.rows()))
    throw std::invalid_argument("cloud has " + std::to_string(cloud.size()) + " entries for " +
                                std::to_string(points.rows()) + " points");
  const int clouds = cloud.empty() ? 0 : 1 + *std::max_element(cloud.begin(), cloud.end());
  std::vector<std::vector<int>> rows(clouds);
  for (std::size_t i = 0; i < cloud.size(); ++i) rows.at(cloud[i]).push_back(static_cast<int>(i));
  CloudFeatures out;
  out.bifiltration.resize(clouds, 2 * grid.r_steps * grid.s_steps);
  out.one_parameter.resize(clouds, 2 * grid.r_steps);
  for (int c = 0; c < clouds; ++c) {
    const auto x = select_rows(points, rows[c]);
    const auto bi = sublevel_flood(x, knn_codensity(x, density_k), options, grid);
    out.bifiltration.row(c) = hilbert_features(bi, false).transpose();
    out.one_parameter.row(c) = hilbert_features(bi, true).transpose();
  }
  return out;
}

}  // namespace assay::flood_bifiltration
