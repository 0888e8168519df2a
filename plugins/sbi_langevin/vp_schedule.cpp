#include "vp_schedule.hpp"

#include <cmath>

namespace assay::sbi_langevin {

Diffusion VpSchedule::at(double t) const {
  const double integrated_rate = beta_min * t + 0.5 * (beta_max - beta_min) * t * t;
  return {std::exp(-integrated_rate), -std::expm1(-integrated_rate)};
}

Diffusion VpSchedule::from_alpha(double alpha) { return {alpha, 1.0 - alpha}; }

std::vector<double> level_times(int levels) {
  if (levels <= 1) return {0.0};
  std::vector<double> t(static_cast<std::size_t>(levels));
  for (int l = 0; l < levels; ++l) t[l] = 1.0 - static_cast<double>(l) / (levels - 1);
  t.back() = 0.0;
  return t;
}

}  // namespace assay::sbi_langevin
