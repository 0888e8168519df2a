// The rank measurements of the paper's mechanism, per weight matrix: stable rank
// ||A||_F^2 / ||A||_2^2 and effective rank exp(entropy of the normalised singular values).
#pragma once

#include <Eigen/Core>

namespace assay::lowrank_collapse {

struct RankSummary {
  double stable_rank = 0;
  double effective_rank = 0;
};
// Both 0 for a zero matrix (no direction at all).
RankSummary rank_summary(const Eigen::MatrixXd& a);

// Number of singular values above relative_tolerance times the largest.
int numerical_rank(const Eigen::MatrixXd& a, double relative_tolerance);

// The best rank-k approximation U_k S_k V_k^T (Eckart-Young); a itself when k <= 0 or k is at
// least min(rows, cols).
Eigen::MatrixXd top_k_projection(const Eigen::MatrixXd& a, int k);

}  // namespace assay::lowrank_collapse
