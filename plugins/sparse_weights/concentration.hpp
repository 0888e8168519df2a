// How concentrated a distribution of importance is: the Gini coefficient (0 when every entry
// is equal, towards 1 when one entry holds everything).
#pragma once

#include <Eigen/Core>

namespace assay::sparse_weights {

// Gini of nonnegative values: sum_i (2i - n - 1) x_(i) / (n sum x) over the sorted x_(1..n);
// 0 for fewer than two values or a zero sum.
double gini(const Eigen::VectorXd& values);

// The mean over rows of each row's Gini across its columns (e.g. a weight's importance across
// tokens).
double mean_row_gini(const Eigen::MatrixXf& rows);

}  // namespace assay::sparse_weights
