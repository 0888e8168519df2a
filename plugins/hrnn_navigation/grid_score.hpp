// Rate maps and the DeepMind grid score (Banino et al. 2018): the spatial autocorrelogram of a
// rate map, and for each ring mask the correlations of the masked autocorrelogram with itself
// rotated by 30..150 degrees; grid60 = (c60 + c120)/2 - (c30 + c90 + c150)/3, maximised over
// masks.
#pragma once

#include <Eigen/Core>

namespace assay::hrnn_navigation {

// Mean activity per bin of a res x res grid over the box [-box/2, box/2]^2; bins never
// visited are NaN.
Eigen::MatrixXd rate_map(const Eigen::VectorXd& x, const Eigen::VectorXd& y,
                         const Eigen::VectorXd& activity, double box, int res);

// (2 res - 1) square: at each lag the Pearson correlation of the map with its shifted self
// over the bins both visit (NaN with fewer than 20 shared bins or no variance).
Eigen::MatrixXd autocorrelogram(const Eigen::MatrixXd& map);

// The ring masks: inner radius 0.2, outer radii 0.4..1.0 in 10 steps, in units of the
// autocorrelogram's half width res (as the DeepMind code's defaults).
double grid_score(const Eigen::MatrixXd& autocorrelogram);

}  // namespace assay::hrnn_navigation
