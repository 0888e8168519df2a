#include "ula_recursion.hpp"

#include <cmath>
#include <stdexcept>

namespace assay::sbi_langevin {

Eigen::VectorXd ula_stationary_var(const Eigen::VectorXd& precision, double h) {
  if (!(h > 0) || h * precision.maxCoeff() >= 2.0)
    throw std::domain_error("ULA step size outside the stable range (0, 2 / max precision)");
  return (precision.array() * (1.0 - 0.5 * h * precision.array())).inverse().matrix();
}

double ula_stationary_bias(const Eigen::VectorXd& precision, double h) {
  return (ula_stationary_var(precision, h).array().sqrt() - precision.array().rsqrt())
      .matrix()
      .norm();
}

DiagonalGaussian ula_law_after(const DiagonalGaussian& start, const BridgingGaussian& target,
                               double h, std::int64_t steps) {
  const Eigen::ArrayXd v_inf = ula_stationary_var(target.precision, h).array();
  const Eigen::ArrayXd rate = 1.0 - h * target.precision.array();
  const auto k = static_cast<double>(steps);
  const Eigen::ArrayXd shrink = rate.pow(k), shrink2 = rate.square().pow(k);
  DiagonalGaussian out;
  out.mean = (target.mean.array() + shrink * (start.mean - target.mean).array()).matrix();
  out.var = (v_inf + shrink2 * (start.var.array() - v_inf)).matrix();
  return out;
}

}  // namespace assay::sbi_langevin
