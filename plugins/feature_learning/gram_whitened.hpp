// The Gram-whitened update: a step that keeps only the change of the weight Gram matrix WᵀW
// that gradient descent would make, which by the Feature Learning Equation is all the
// features see to first order.
//
// With the polar decomposition W = Q P (P = (WᵀW)^{1/2}, Q = U Vᵀ from the thin SVD
// W = U S Vᵀ), the step keeps the output-side factor Q and replaces P by the square root of
// the SGD step's Gram: W' = Q (W_sgdᵀ W_sgd)^{1/2}, W_sgd = W - eta ∇_W L. When out >= in and
// W has full column rank, W'ᵀW' = W_sgdᵀ W_sgd exactly. Our definition, not the authors' code
// (GramLin), which we could not consult.
#pragma once

#include <Eigen/Core>

namespace assay::feature_learning {

Eigen::MatrixXd gram_whitened_step(const Eigen::MatrixXd& w, const Eigen::MatrixXd& w_grad,
                                   double eta);

}  // namespace assay::feature_learning
