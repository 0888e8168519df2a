// Small random Gaussian tall models shared by the sbi_langevin tests.
#pragma once

#include <random>

#include "gaussian_tall_model.hpp"

namespace assay::sbi_langevin::testing {

inline GaussianTallModel random_gaussian_model(int d, int n, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> var(0.3, 3.0);
  std::normal_distribution<double> normal;
  Eigen::VectorXd mu0(d), v0(d), vx(d);
  for (int i = 0; i < d; ++i) {
    mu0[i] = normal(rng);
    v0[i] = var(rng);
    vx[i] = var(rng);
  }
  const auto draw = draw_gaussian_tall_data(mu0, v0, vx, n, rng);
  return GaussianTallModel(mu0, v0, vx, draw.observations);
}

}  // namespace assay::sbi_langevin::testing
