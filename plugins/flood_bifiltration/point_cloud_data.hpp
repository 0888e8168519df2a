// Labelled collections of point clouds for classification with (bi)filtration features.
#pragma once

#include <Eigen/Core>
#include <random>
#include <string>
#include <vector>

namespace assay::flood_bifiltration {

struct CloudDataset {
  Eigen::MatrixXd points;   // every cloud's points stacked, one point per row
  std::vector<int> cloud;   // cloud index of each row
  std::vector<int> labels;  // label of each cloud (cloud c has label c mod classes)
};

// Every cloud has `points` points, of which round(outliers * points) are uniform background in
// [-1.5, 1.5]^2 and the rest lie on the class's shape with Gaussian noise `noise`:
//   "circles": 0 = unit circle, 1 = two circles of radius 0.5 centred at (+-0.6, 0),
//              2 = Gaussian blob (sd 0.5): no hole;
//   "annuli":  0 = annulus of radii 0.6 and 1, 1 = the unit disc: both of the same extent;
//   "density": 0 = unit circle, 1 = nothing but background (its topology is noise): the
//              circle only shows once sparse points are filtered out.
CloudDataset shape_clouds(const std::string& kind, int clouds, int points, double noise,
                          double outliers, std::mt19937_64& rng);

// Delay embeddings (x_t, x_{t+tau}, ..., x_{t+(dim-1)tau}) of series of length points +
// (dim - 1) tau, t = 0.1 * step: 0 = periodic sin(t), 1 = quasi-periodic sin(t) + sin(sqrt(2) t),
// 2 = Gaussian white noise (sd 1); every series gets additive noise of sd `noise`; tau = 15.
CloudDataset delay_embeddings(int clouds, int points, int dim, double noise, std::mt19937_64& rng);

int class_count(const std::string& kind);

}  // namespace assay::flood_bifiltration
