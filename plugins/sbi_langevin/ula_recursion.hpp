// Unadjusted Langevin (ULA) theta' = theta + h s(theta) + sqrt(2h) xi on a Gaussian target
// N(mu, P^-1) (diagonal P) maps Gaussians to Gaussians, coordinate by coordinate:
//   m' - mu = (1 - h p)(m - mu),   v' = (1 - h p)^2 v + 2 h,
// so after K steps  m_K - mu = (1 - h p)^K (m_0 - mu),
//                   v_K = v_inf + (1 - h p)^(2K) (v_0 - v_inf),  v_inf = 1 / (p - h p^2 / 2),
// stable only for h < 2 / max(p). This is the exact law of the sampler, not an approximation.
#pragma once

#include <Eigen/Core>
#include <cstdint>

#include "bridging_density.hpp"
#include "gaussian_tall_model.hpp"

namespace assay::sbi_langevin {

// The law after `steps` ULA steps of size h from `start` towards `target`.
DiagonalGaussian ula_law_after(const DiagonalGaussian& start, const BridgingGaussian& target,
                               double h, std::int64_t steps);

// Stationary variances 1 / (p (1 - h p / 2)); throws unless 0 < h < 2 / max(p).
Eigen::VectorXd ula_stationary_var(const Eigen::VectorXd& precision, double h);

// W2 between ULA's stationary law and the target: || (p (1 - hp/2))^-1/2 - p^-1/2 ||_2.
double ula_stationary_bias(const Eigen::VectorXd& precision, double h);

}  // namespace assay::sbi_langevin
