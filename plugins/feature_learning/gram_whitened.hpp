// The Gram-whitened update of the authors' code (GramLin, `whitening` in src/optim.py): after a
// base optimiser step W1 -> W2, keep only the change of the weight Gram matrix WᵀW, which by
// the Feature Learning Equation is what the layer's input features see to first order.
//
// Every W with WᵀW = W2ᵀW2 is R W2 for an orthogonal R (out x out), so the step picks the
// R that moves the weight least: the orthogonal Procrustes solution
//   R = argmin_R ||R W2 - W1||_F = polar(W1 W2ᵀ) = U Vᵀ,  W1 W2ᵀ = U S Vᵀ,
// and returns W' = R W2. The authors approximate the polar factor by Newton–Schulz
// iterations; we take it from an exact SVD. Applies to any shape (tall, square, wide).
#pragma once

#include <Eigen/Core>

namespace assay::feature_learning {

// W' = polar(w_before w_afterᵀ) w_after: same Gram as w_after, nearest to w_before.
Eigen::MatrixXd gram_whitened(const Eigen::MatrixXd& w_before, const Eigen::MatrixXd& w_after);

}  // namespace assay::feature_learning
