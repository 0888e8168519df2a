// Spectral analysis of representations and weights, in double precision.
#pragma once

#include <Eigen/Core>

namespace assay::stats {

struct Pca {
  Eigen::RowVectorXd mean;
  Eigen::MatrixXd components;       // features x k, orthonormal columns, by variance
  Eigen::VectorXd variances;        // k, with the n - 1 denominator
  Eigen::VectorXd explained_ratio;  // k, fraction of the total variance
  Eigen::MatrixXd transform(const Eigen::MatrixXd& x) const;  // n x k scores
};

// PCA of the rows of x through the SVD of the centred data; k <= min(n, features).
Pca fit_pca(const Eigen::MatrixXd& x, Eigen::Index k);

// Singular values, descending.
Eigen::VectorXd singular_values(const Eigen::MatrixXd& a);
// exp of the entropy of the normalised singular values (Roy & Vetterli, 2007): k for k equal
// nonzero singular values.
double effective_rank(const Eigen::MatrixXd& a);
// ||A||_F^2 / ||A||_2^2: 1 for rank one, the rank for equal singular values.
double stable_rank(const Eigen::MatrixXd& a);
// Principal angles (radians, ascending) between the column spaces of a and b (Björck & Golub).
Eigen::VectorXd principal_angles(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b);

}  // namespace assay::stats
