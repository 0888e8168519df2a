// Where the count lives relative to the unembedding: principal angles between the count
// subspace of a layer and the span of a set of W_U rows (the digits', or the count words' as a
// reference), against the angles of uniformly random subspaces of the same dimension.
//
// The count subspace is the span of the top `rank` singular directions of the per-count means
// of the residuals (each centred on the grand mean): where the count moves the representation.
// Closeness is the mean squared cosine of the principal angles, ||P_rows Q||_F^2 / rank for an
// orthonormal basis Q; a random rank-k subspace of R^dim has expectation rows / dim.
//
// Two nulls: Haar-random subspaces of R^dim (the issue's), and the count subspaces of the same
// residuals with the counts shuffled, which live where the residual stream varies and so ask
// whether the closeness is the count's own or any direction the stream uses.
#pragma once

#include <Eigen/Core>
#include <random>
#include <vector>

namespace assay::counting_bottleneck {

Eigen::MatrixXd count_subspace(const Eigen::MatrixXd& x, const std::vector<int>& labels, int rank);

struct Alignment {
  Eigen::VectorXd angles;  // principal angles [rad], ascending
  double mean_cos2 = 0;
  double null_mean = 0, null_q05 = 0, null_q95 = 0;  // of the random subspaces' mean_cos2
  // (1 + #random subspaces at least as close) / (1 + samples): small when the count subspace
  // is closer to the rows than chance.
  double p_closer = 1;
};

// rows: m x dim (e.g. the ten digit rows of W_U); subspace: dim x rank, orthonormal.
Alignment align(const Eigen::MatrixXd& subspace, const Eigen::MatrixXd& rows, int null_samples,
                std::mt19937_64& rng);
// The count subspace of (x, labels) against the rows, with the shuffled-count null.
Alignment align_shuffled(const Eigen::MatrixXd& x, const std::vector<int>& labels, int rank,
                         const Eigen::MatrixXd& rows, int null_samples, std::mt19937_64& rng);

}  // namespace assay::counting_bottleneck
