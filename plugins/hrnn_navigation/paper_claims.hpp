// The paper's checkable claims, measured with this folder's code at check scale: per seed, an
// HRNN (A 32 -> P 64 units) and its flat control (96 units) trained jointly on the same
// walks for 600 Adam steps (lr 3e-3, batch 50, horizon 20 steps = 0.4 s), with 32 head-direction
// and 128 place cells; 3 seeds. The trained pairs are computed once per check seed and shared by
// all checks.
#pragma once

#include <assay/check.hpp>
#include <cstdint>
#include <vector>

namespace assay::hrnn_navigation {

struct MeanCi {
  double mean = 0, lower = 0, upper = 0;  // mean over seeds and its two-sided 95% t interval
  int seeds = 0;
};

// Error growth from the training horizon (steps 1..20) to 5-10x it (steps 101..200):
// growth = mean error over steps 101..200 - mean error over steps 1..20. Measured: flat
// growth - HRNN growth per seed (positive: the HRNN generalises better).
struct HorizonClaim {
  MeanCi position;  // [m]
  MeanCi heading;   // [rad]
};
HorizonClaim horizon_claim(std::uint64_t seed);

// Fractions of the trained HRNN's units above their shuffle null (pooled 95th percentile, 10
// shuffles per unit, shifts >= 1 s), per type, mean over seeds with its 95% t interval. By
// construction about 5% of units pass a 95th-percentile null by chance.
struct TypeFractions {
  MeanCi hd_in_a, av_in_a, speed_in_p, grid_in_p;
};
TypeFractions type_fraction_claim(std::uint64_t seed);

// Perturbations of the trained HRNNs.
struct PerturbationClaim {
  MeanCi silence_a_position_gain;   // silenced-A minus intact position error [m]
  MeanCi silence_p_heading_change;  // silenced-P minus intact heading error [rad]
  int ring_seeds = 0;               // seeds whose A passes the ring-attractor definition
  double asymmetry_p = 1;           // Fisher-combined p of the CW/CCW asymmetry over seeds
  int seeds = 0;
};
PerturbationClaim perturbation_claim(std::uint64_t seed);

// The claims as `assay verify` runs them, per method, each with its declared outcome.
std::vector<Claim> hrnn_train_claims();
std::vector<Claim> cell_types_claims();
std::vector<Claim> hrnn_perturb_claims();

}  // namespace assay::hrnn_navigation
