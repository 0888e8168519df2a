#include "assay/nn/schedule.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace assay::nn {
namespace {

// Fraction of the way from the end of warmup to `total`, clamped to [0, 1].
double decay_progress(long step, long warmup, long total) {
  if (total <= warmup) return 1.0;
  return std::clamp(static_cast<double>(step - warmup) / static_cast<double>(total - warmup), 0.0,
                    1.0);
}

}  // namespace

double warmup_cosine(long step, long warmup, long total, double peak, double floor) {
  if (step < warmup) return peak * static_cast<double>(step + 1) / static_cast<double>(warmup);
  const double p = decay_progress(step, warmup, total);
  return floor + (peak - floor) * 0.5 * (1.0 + std::cos(std::numbers::pi * p));
}

double warmup_linear(long step, long warmup, long total, double peak, double floor) {
  if (step < warmup) return peak * static_cast<double>(step + 1) / static_cast<double>(warmup);
  return peak + (floor - peak) * decay_progress(step, warmup, total);
}

}  // namespace assay::nn
