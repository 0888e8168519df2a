// The target codes the networks read out: difference-of-Gaussians place cells (Sorscher et
// al.) and von Mises head-direction cells, each a distribution over cells per time step
// (trained with a softmax cross-entropy), and their decoders.
#pragma once

#include <Eigen/Core>
#include <random>

namespace assay::hrnn_navigation {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

struct PlaceCells {
  Eigen::MatrixXd centres;  // cells x 2, uniform in the box
  double sigma = 0.12;      // centre width [m]
  double surround = 2.0;    // surround width / centre width
};
PlaceCells random_place_cells(int cells, double box, double sigma, double surround,
                              std::mt19937_64& rng);

// One row per position: softmax(-d^2 / 2 sigma^2) - softmax(-d^2 / 2 (surround sigma)^2),
// shifted so its minimum over cells is 0 and normalised to sum 1.
RowMatrix place_code(const PlaceCells& cells, const Eigen::VectorXd& x, const Eigen::VectorXd& y);
// The mean centre of the 3 most active cells of each row.
Eigen::MatrixXd decode_position(const PlaceCells& cells, const RowMatrix& activity);

struct HeadDirectionCells {
  int cells = 32;      // preferred directions evenly spaced on the circle
  double kappa = 4.0;  // von Mises concentration
  double preferred(int i) const;
};
// One row per heading: softmax over cells of kappa cos(heading - preferred).
RowMatrix heading_code(const HeadDirectionCells& cells, const Eigen::VectorXd& heading);
// The circular mean of the preferred directions of the 3 most active cells of each row.
Eigen::VectorXd decode_heading(const HeadDirectionCells& cells, const RowMatrix& activity);

}  // namespace assay::hrnn_navigation
