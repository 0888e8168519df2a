// Perturbations of a trained hierarchical network: silencing a module, the ring-attractor test
// of module A, and the CW/CCW asymmetry of A's recurrent weights.
#pragma once

#include <random>
#include <vector>

#include "cell_types.hpp"
#include "training.hpp"

namespace assay::hrnn_navigation {

std::vector<int> unit_range(int first, int count);

// The ring-attractor definition, fixed before any run: from A's states at `samples` time
// points of a recording, A runs `steps` steps with zero input (h <- relu(W_AA h)). A is a ring
// attractor iff (1) the final states' top-2 principal components hold >= 80% of their
// variance, (2) their radius in that plane varies little (coefficient of variation <= 0.25),
// (3) they cover the circle (resultant length of their decoded headings <= 0.5) and (4) the
// decoded heading drifts by at most 1 rad/s on average over the run.
struct RingTest {
  double top2_variance = 0, radius_cv = 0, coverage_resultant = 0, drift = 0;  // drift [rad/s]
  double final_norm = 0;  // mean state norm at the end (0: the activity died out)
  bool is_ring() const {
    return top2_variance >= 0.8 && radius_cv <= 0.25 && coverage_resultant <= 0.5 && drift <= 1.0;
  }
};
RingTest ring_attractor_test(const Weights& w, const Architecture& a, const Task& task,
                             const RowMatrix& states, int samples, int steps, double dt,
                             std::mt19937_64& rng);

// For units of A tuned to angular velocity (|r| above the AV null) and target units of A
// tuned to heading (above the HD null): ahead(i) = mean W(j, i) over targets at preferred
// heading phi_j - phi_i in (0, pi/2) minus the mean over (-pi/2, 0). statistic = mean ahead
// over units preferring CCW turns (r > 0) - mean over units preferring CW turns (r < 0); the
// null permutes the CW/CCW labels `permutations` times.
struct Asymmetry {
  double statistic = 0, null95 = 0, p_value = 1;
  int ccw_units = 0, cw_units = 0, targets = 0;
};
Asymmetry turning_asymmetry(const Weights& w, const Architecture& a, const Recording& rec,
                            const CellTypes& types, int permutations, std::mt19937_64& rng);

}  // namespace assay::hrnn_navigation
