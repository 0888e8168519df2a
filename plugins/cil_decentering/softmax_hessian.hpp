// The data part of the softmax-regression Hessian over vec(theta), theta = [W | b] row by row
// (class k's parameters contiguous), for inputs x (n x m, constant column included):
//   H_(k,a),(l,b) = (1/n) sum_i (p_ik [k = l] - p_ik p_il) x_ia x_ib.
// Forming it is the cost of a Newton step, so it is done one of two ways:
//  - feature pairs: both factors are symmetric, so H follows from the products x_ia x_ib (a <= b,
//    formed once per fit) against p_ik p_il (k < l; the diagonal blocks follow because the p_i
//    sum to 1): under a quarter of the flops of A'A with A = [p_1 x, ..., p_K x], in one
//    product. Used with enough classes for that product to be efficient and when the pairs fit
//    in memory;
//  - rank updates: H = blockdiag(x' diag(p_k) x) - A'A, the lower half by rank updates.
#pragma once

#include <Eigen/Core>

namespace assay::cil_decentering {

class SoftmaxHessian {
 public:
  SoftmaxHessian(const Eigen::MatrixXd& x, int classes);  // keeps a reference to x

  // p: n x K class probabilities. Returns the (K m) x (K m) matrix above.
  Eigen::MatrixXd operator()(const Eigen::MatrixXd& p) const;

 private:
  Eigen::MatrixXd from_feature_pairs(const Eigen::MatrixXd& p) const;
  Eigen::MatrixXd from_rank_updates(const Eigen::MatrixXd& p) const;

  const Eigen::MatrixXd& x_;
  Eigen::MatrixXd feature_pairs_;  // m(m+1)/2 x n, one column per sample; empty if unused
};

}  // namespace assay::cil_decentering
