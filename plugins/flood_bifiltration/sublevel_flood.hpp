// The sublevel Flood bifiltration: with a function gamma on X (here the k-NN codensity),
// Flood(r, s) = { sigma in Del(L) : sigma is covered by the balls of radius r around the points
// x of X with gamma(x) <= s }. Each slice s is a Flood filtration over the cover X_s.
#pragma once

#include <Eigen/Core>
#include <optional>
#include <vector>

#include "flood_filtration.hpp"

namespace assay::flood_bifiltration {

// gamma(x) = distance from x to its k-th nearest other point of X (large in sparse regions).
Eigen::VectorXd knn_codensity(const Eigen::MatrixXd& points, int k);

struct GridOptions {
  int r_steps = 16;  // r_i = r_max * i / (r_steps - 1)
  int s_steps = 8;   // s_j = the (j + 1) / s_steps quantile of gamma; the last is max gamma
  // Unset: the largest finite Flood value of the slice with every point.
  std::optional<double> r_max;
};

struct SublevelFlood {
  FloodComplex flood;
  std::vector<double> r_grid, s_grid;
  std::vector<FiltrationValues> slices;        // covering radii over X_{s_j}, one per s_j
  std::vector<std::vector<Diagram>> diagrams;  // per slice: degrees 0 and 1
  // hilbert[k](i, j) = dim H_k(Flood(r_i, s_j)), k = 0, 1.
  std::array<Eigen::MatrixXi, 2> hilbert;
};

// Covering radii of `flood`'s simplices with respect to the rows of X with gamma <= s.
FiltrationValues slice_values(const FloodComplex& flood, const Eigen::MatrixXd& points,
                              const Eigen::VectorXd& gamma, double s, const FloodOptions& options);

SublevelFlood sublevel_flood(const Eigen::MatrixXd& points, const Eigen::VectorXd& gamma,
                             const FloodOptions& options, const GridOptions& grid);

// Fixed-length features: H0 and H1 Hilbert functions flattened column by column (2 r_steps
// s_steps values). one_parameter: only the last column (s = max gamma), the 1-parameter Flood
// Betti curves (2 r_steps values).
Eigen::VectorXd hilbert_features(const SublevelFlood& bifiltration, bool one_parameter);

}  // namespace assay::flood_bifiltration
