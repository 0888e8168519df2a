// Multinomial logistic regression with an l2 penalty on weights and biases,
//   L(W, b) = (1/n) sum_i -log softmax(W x_i + b)_{y_i} + (l2/2) (|W|_F^2 + |b|^2),
// minimised by full-batch Newton with backtracking. Penalising the biases too makes the
// optimum unique, and stationarity then forces sum_k w_k = 0 and sum_k b_k = 0: the gauge
// (softmax is blind to adding one affine function to every logit) is fixed by the penalty.
#pragma once

#include <Eigen/Core>

#include "linear_head.hpp"

namespace assay::cil_decentering {

struct SoftmaxFitOptions {
  double l2 = 1e-4;
  int max_iterations = 100;
  double gradient_tolerance = 1e-10;  // on the max-norm of the gradient; the fit also stops
                                      // once the Newton decrement reaches rounding level
};

struct SoftmaxFitReport {
  int iterations = 0;
  double loss = 0;
  double gradient_norm = 0;
  bool converged = false;
};

// labels in [0, classes). Throws std::invalid_argument on empty data or bad labels.
LinearHead fit_softmax_regression(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                                  int classes, const SoftmaxFitOptions& options,
                                  SoftmaxFitReport* report = nullptr);

}  // namespace assay::cil_decentering
