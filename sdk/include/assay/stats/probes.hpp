// Linear probes in double precision: ridge regression and L2-regularised logistic regression.
// Rows are examples, columns features (Eigen's default column-major, as SDK Values).
#pragma once

#include <Eigen/Core>
#include <vector>

namespace assay::stats {

struct RidgeProbe {
  Eigen::MatrixXd weights;       // features x outputs
  Eigen::RowVectorXd intercept;  // 1 x outputs
  Eigen::MatrixXd predict(const Eigen::MatrixXd& x) const;
};

// Minimises ||Y - X W - 1 b||^2 + lambda ||W||^2 (the intercept is not penalised).
RidgeProbe fit_ridge(const Eigen::MatrixXd& x, const Eigen::MatrixXd& y, double lambda);

// 1 - SSE / SST, pooled over output columns (each centred on its own mean).
double r_squared(const Eigen::MatrixXd& y, const Eigen::MatrixXd& prediction);

struct LogisticProbe {
  Eigen::VectorXd weights;
  double intercept = 0;
  Eigen::VectorXd decision(const Eigen::MatrixXd& x) const;       // logits
  Eigen::VectorXd probabilities(const Eigen::MatrixXd& x) const;  // P(label 1)
};

// Binary labels in {0, 1}. Minimises the mean logistic loss + (lambda / 2) ||w||^2 by Newton's
// method (exact for the problem sizes of probes: features up to a few hundred).
LogisticProbe fit_logistic(const Eigen::MatrixXd& x, const std::vector<int>& labels, double lambda,
                           int max_iterations = 100, double tolerance = 1e-10);

}  // namespace assay::stats
