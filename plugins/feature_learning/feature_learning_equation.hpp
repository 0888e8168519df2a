// The Feature Learning Equation for one affine layer Z = X Wᵀ + b with a loss L.
//
// Gradient descent on W with step eta: W' = W - eta ∇_W L, ∇_W L = (∂L/∂Z)ᵀ X. A "virtual"
// step on the features instead: X~ = X - eta ∇_X L, ∇_X L = (∂L/∂Z) W. Writing G = ∂L/∂Z,
//   W'ᵀW' - WᵀW = -eta (WᵀGᵀX + XᵀGW) + eta² XᵀG GᵀX,
//   X~ᵀX~ - XᵀX = -eta (WᵀGᵀX + XᵀGW) + eta² WᵀGᵀG W,
// so the weight Gram change equals the Virtual Covariance VC = X~ᵀX~ - XᵀX up to
// eta² (XᵀGGᵀX - WᵀGᵀGW): the relative error ||ΔGram - VC|| / ||VC|| is O(eta).
#pragma once

#include <Eigen/Core>

namespace assay::feature_learning {

// W_afterᵀ W_after - W_beforeᵀ W_before (in x in), W in PyTorch's (out x in) layout.
Eigen::MatrixXd gram_change(const Eigen::MatrixXd& w_before, const Eigen::MatrixXd& w_after);

// X~ᵀX~ - XᵀX with X~ = X - eta ∇_X L (in x in).
Eigen::MatrixXd virtual_covariance(const Eigen::MatrixXd& x, const Eigen::MatrixXd& x_grad,
                                   double eta);

// ||gram_change - vc||_F / ||vc||_F.
double feq_relative_error(const Eigen::MatrixXd& gram_change, const Eigen::MatrixXd& vc);

// Least-squares slope of log y against log x.
double log_log_slope(const Eigen::VectorXd& x, const Eigen::VectorXd& y);

}  // namespace assay::feature_learning
