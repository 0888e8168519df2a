// The second setting of the issue: a frozen random-feature backbone over a synthetic
// non-Gaussian data set, the offline stand-in for the paper's frozen pretrained encoders.
// The head is trained on phi(x), one fixed random layer,
//   cos:  phi_j(x) = sqrt(2) cos(w_j . x + c_j),  c_j ~ U(0, 2 pi)   (random Fourier features)
//   relu: phi_j(x) = max(0, w_j . x + c_j),       c_j ~ N(0, scale^2)
// with w_j ~ N(0, scale^2 I). Class-conditional features are then neither Gaussian nor of
// one shared covariance, so the population statements of the paper hold only approximately;
// `gaussian_departure` measures by how much.
#pragma once

#include <Eigen/Core>
#include <random>

#include "gaussian_tasks.hpp"

namespace assay::cil_decentering {

enum class Activation { cos, relu };

struct RandomFeatureBackbone {
  Eigen::MatrixXd projection;  // width x input dim, rows w_j
  Eigen::VectorXd offsets;     // width, c_j
  Activation activation = Activation::cos;

  Eigen::MatrixXd features(const Eigen::MatrixXd& inputs) const;  // n x width
};

RandomFeatureBackbone make_random_feature_backbone(int input_dim, int width, double scale,
                                                   Activation activation, std::mt19937_64& rng);

// Splits labelled inputs into class-incremental tasks: class k belongs to task
// k / classes_per_task. Throws std::invalid_argument on negative labels or a size mismatch.
LabelledSample assign_tasks(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                            int classes_per_task);

// Rows [0, n_train) for training and the rest for testing, n_train = round((1 - test_fraction) n),
// both split into tasks as above. The stdlib generators draw rows i.i.d. with labels cycling
// through the classes, so both parts are balanced. Throws std::invalid_argument if either part
// would be empty.
struct TrainTestSplit {
  LabelledSample train, test;
};
TrainTestSplit split_train_test(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                                int classes_per_task, double test_fraction);

// How far the class-conditionals are from the Gaussian shared-covariance model:
// mean over classes and coordinates of |excess kurtosis| (0 for Gaussian classes), and the mean
// over classes of |Sigma_k - Sigma_pooled|_F / |Sigma_pooled|_F (0 for a shared covariance;
// sampling noise alone gives about sqrt(2 / n_k) times a dimension factor).
struct GaussianDeparture {
  double excess_kurtosis = 0;
  double covariance_spread = 0;
};
GaussianDeparture gaussian_departure(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                                     int classes);

}  // namespace assay::cil_decentering
