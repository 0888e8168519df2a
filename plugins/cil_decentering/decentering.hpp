// Post-hoc de-centering: the evaluation-time correction of a sequentially trained head.
//
// At the population, the within-task softmax of task t learns, in its centred gauge,
//   w_c = Sigma^{-1} (mu_c - mean^(t)),   b_c = -q_c / 2 + mean_{c' in t} q_c' / 2,
// with q_c = mu_c' Sigma^{-1} mu_c (equal class priors). De-centering adds back the per-task
// affine function the gauge removed:
//   w_c += Sigma^{-1} mean^(t),           b_c += beta_t = -mean_{c' in t} q_c' / 2,
// which gives w_c = Sigma^{-1} mu_c, b_c = -q_c / 2: the LDA (Bayes-optimal) head, whose
// cross-task discriminators are the joint ones. With estimates, mu and Sigma are replaced by
// the class means and the pooled within-class covariance of the training data.
#pragma once

#include <Eigen/Core>

#include "linear_head.hpp"

namespace assay::cil_decentering {

struct GaussianEstimate {
  Eigen::MatrixXd means;  // K x d
  Eigen::MatrixXd sigma;  // d x d
};

// Class means and the pooled within-class covariance (divisor n - K), plus `ridge` times the
// mean variance on the diagonal (0: none). Throws std::invalid_argument if a class is empty.
GaussianEstimate estimate_pooled_gaussian(const Eigen::MatrixXd& features,
                                          const Eigen::VectorXi& labels, int classes,
                                          double ridge = 0.0);

// The Bayes-optimal head for equal priors: w_k = Sigma^{-1} mu_k, b_k = -q_k / 2.
LinearHead lda_head(const Eigen::MatrixXd& means, const Eigen::MatrixXd& sigma);

// The population optimum (penalty -> 0) of within-task softmax training, centred per task.
LinearHead sequential_population_head(const Eigen::MatrixXd& means, const Eigen::MatrixXd& sigma,
                                      const Eigen::VectorXi& class_task);

// The correction above applied to `sequential`, using `means` and `sigma` (population or
// estimates). Assumes the head is in the centred gauge, which l2 training guarantees.
LinearHead decenter(const LinearHead& sequential, const Eigen::MatrixXd& means,
                    const Eigen::MatrixXd& sigma, const Eigen::VectorXi& class_task);

}  // namespace assay::cil_decentering
