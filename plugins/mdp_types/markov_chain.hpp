// Finite Markov chains: stochastic kernels, stationary laws, Perron roots and the
// pair measures Q(z, z') = q(z) K(z, z') that the method of types is written in.
#pragma once

#include <Eigen/Core>
#include <string_view>

namespace assay::mdp_types {

// Throws std::invalid_argument naming `what` unless `kernel` is square, nonnegative and
// every row sums to one.
void require_stochastic(const Eigen::MatrixXd& kernel, std::string_view what);

// The stationary law of an irreducible kernel (throws if it is not unique).
Eigen::VectorXd stationary_distribution(const Eigen::MatrixXd& kernel);

// Perron root of a nonnegative irreducible matrix W with its positive right eigenvector
// (W v = value v, normalised to sum one).
struct PerronRoot {
  double value = 0;
  Eigen::VectorXd right;
};
PerronRoot perron_root(const Eigen::MatrixXd& nonnegative);

// Doob transform of W: the stochastic kernel W(z, z') v(z') / (rho v(z)). For W a tilted
// kernel this is the "twisted" chain under which a rare event becomes typical.
Eigen::MatrixXd doob_transform(const Eigen::MatrixXd& nonnegative);

// Q(z, z') = q(z) K(z, z').
Eigen::MatrixXd pair_measure(const Eigen::VectorXd& marginal, const Eigen::MatrixXd& kernel);

// D(Q || K | q) = sum_z q(z) D(Q(.|z) || K(z, .)), with q the row sums of Q. Infinite when Q
// charges a transition that K forbids.
double conditional_kl(const Eigen::MatrixXd& pair, const Eigen::MatrixXd& kernel);

// H(Q) = -sum Q(z, z') log(Q(z, z') / q(z)): the entropy of the next state given the current.
double conditional_entropy(const Eigen::MatrixXd& pair);

// Q(.|z) for the rows with q(z) > 0; rows with q(z) = 0 are left at zero.
Eigen::MatrixXd conditional_of(const Eigen::MatrixXd& pair);

}  // namespace assay::mdp_types
