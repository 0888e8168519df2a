// The paper's checkable claims, measured with this folder's code on small problems; the plugin
// turns each into an `assay verify` check. Training claims use seeds of a depth-4, width-32
// tanh MLP trained 300 full-batch steps (lr 0.2) on 4 Gaussian clusters in 8 dimensions
// (n = 200, noise 1), logged every 10 steps: 3 seeds, 5 for the optimiser comparison.
#pragma once

#include <cstdint>

namespace assay::feature_learning {

struct SlopeClaim {
  double worst_slope = 0;  // the per-layer log-log slope farthest from 1
};
// A depth-3 tanh MLP trained 100 SGD steps on 3-arm spirals; eta = 1e-4..1e-1.
SlopeClaim identity_slope_claim(std::uint64_t seed);

struct DepthClaim {
  double mean_gain = 0;       // mean over seeds of TL(last hidden) - TL(first hidden), final
  double gain_se = 0;         // its standard error across seeds
  double worst_approach = 0;  // max over seeds of (1 - TL_last at end) / (1 - TL_last halfway)
  double min_accuracy = 0;    // smallest final training accuracy over seeds
};
DepthClaim depth_claim(std::uint64_t seed);

struct OrderClaim {
  double mean_agreement =
      0;  // mean over seeds of the fraction of hidden pairs rising in depth order
  double se = 0;
};
OrderClaim sequential_order_claim(std::uint64_t seed);

// gram_whitened vs plain SGD, same lr (0.2), data and initialisation, on 5 seeds.
struct OptimiserClaim {
  double sgd_loss = 0;            // mean final loss over seeds
  double gram_whitened_loss = 0;  // same seeds and data
  double mean_log_ratio = 0;      // mean over seeds of log(loss_gram_whitened / loss_sgd)
  double log_ratio_se = 0;        // its standard error across seeds
  double ratio = 0;               // exp(mean_log_ratio): geometric-mean loss ratio
  double ratio_upper = 0;         // exp(mean_log_ratio + 2 log_ratio_se)
};
OptimiserClaim gram_whitened_claim(std::uint64_t seed);

}  // namespace assay::feature_learning
