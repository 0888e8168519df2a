// The signed barcode of a Hilbert function on a finite grid: its Moebius inversion. With
// mu(i, j) = H(i, j) - H(i-1, j) - H(i, j-1) + H(i-1, j-1) (terms outside the grid are 0),
// H(i, j) = sum_{i' <= i, j' <= j} mu(i', j'): H is the signed sum of the free modules
// [r_i, inf) x [s_j, inf) with multiplicity mu(i, j).
#pragma once

#include <Eigen/Core>
#include <vector>

namespace assay::flood_bifiltration {

Eigen::MatrixXi moebius_inversion(const Eigen::MatrixXi& hilbert);

// The nonzero terms as rows (r_i, s_j, mu(i, j)).
Eigen::MatrixXd signed_barcode(const Eigen::MatrixXi& hilbert, const std::vector<double>& r_grid,
                               const std::vector<double>& s_grid);

// Inverse of moebius_inversion: 2-d cumulative sums.
Eigen::MatrixXi cumulative_sum(const Eigen::MatrixXi& mu);

}  // namespace assay::flood_bifiltration
