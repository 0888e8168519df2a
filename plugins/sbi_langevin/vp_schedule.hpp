// The variance-preserving (VP) forward diffusion theta_t = sqrt(alpha_t) theta_0 + sigma_t eps
// with a linear noise rate beta(t) = beta_min + t (beta_max - beta_min) on t in [0, 1]
// (Song et al., 2021), and the grid of annealing levels that walks it from t = 1 to t = 0.
#pragma once

#include <vector>

namespace assay::sbi_langevin {

// One point of the forward diffusion: theta_t = sqrt(alpha) theta_0 + sqrt(sigma2) eps.
struct Diffusion {
  double alpha = 1.0;
  double sigma2 = 0.0;
};

struct VpSchedule {
  double beta_min = 0.1;
  double beta_max = 20.0;

  // alpha_t = exp(-int_0^t beta), sigma_t^2 = 1 - alpha_t.
  Diffusion at(double t) const;
  // The diffusion at alpha (sigma2 = 1 - alpha), for schedules handed over as alpha values.
  static Diffusion from_alpha(double alpha);
};

// Annealing times t_l = 1 - l / (levels - 1), l = 0..levels-1: from (almost) pure noise at t = 1
// down to the target at t = 0. One level is the target alone (t = 0).
std::vector<double> level_times(int levels);

}  // namespace assay::sbi_langevin
