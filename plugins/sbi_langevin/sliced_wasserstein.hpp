// Sliced 2-Wasserstein distance between two equally sized sample sets:
//   SW2^2(mu, nu) = E_u W2^2(u#mu, u#nu), u uniform on the unit sphere,
// estimated with random directions; each 1-d W2 between empirical measures of equal size pairs
// sorted projections. SW2 <= W2 / sqrt(d), so sqrt(d) SW2 is a lower bound on W2.
#pragma once

#include <Eigen/Core>
#include <random>

namespace assay::sbi_langevin {

double sliced_w2(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, int projections,
                 std::mt19937_64& rng);

}  // namespace assay::sbi_langevin
