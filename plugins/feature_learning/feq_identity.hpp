// The Feature Learning Equation checked directly: at a network's current weights, take one
// gradient-descent step of size eta on every weight and compare each layer's weight Gram change
// with the Virtual Covariance of its input features, for several eta.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "feature_network.hpp"

namespace assay::feature_learning {

struct IdentityCurve {
  Eigen::VectorXd etas;
  Eigen::MatrixXd relative_error;  // layers x etas
  Eigen::VectorXd slope;           // per layer: slope of log error against log eta
};

// Leaves the network's weights unchanged.
IdentityCurve feq_identity_curve(FeatureNetwork& net, const Eigen::MatrixXd& x,
                                 const std::vector<int>& labels, const Eigen::VectorXd& etas);

// Trains a fresh network with full-batch SGD (lr, epochs), then measures the curve.
IdentityCurve trained_identity_curve(const Eigen::MatrixXd& x, const std::vector<int>& labels,
                                     const NetworkShape& shape, double lr, int epochs,
                                     const Eigen::VectorXd& etas, std::uint64_t seed);

}  // namespace assay::feature_learning
