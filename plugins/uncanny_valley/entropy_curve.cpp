#include "entropy_curve.hpp"

#include <limits>
#include <numeric>
#include <stdexcept>

#include "entropy.hpp"

namespace assay::uncanny_valley {

std::vector<EntropyPoint> entropy_curve(const ExpectedTokenCounts& counts,
                                        const std::vector<double>& rates,
                                        const std::vector<Perturbation>& kinds, double alpha) {
  std::vector<EntropyPoint> curve;
  for (auto kind : kinds)
    for (double p : rates) {
      const auto c = counts.counts(p, kind);
      EntropyPoint point{p, kind, shannon_entropy(c), renyi_entropy(c, alpha)};
      point.tokens = std::accumulate(c.begin(), c.end(), 0.0);
      point.insertions = counts.expected_insertions(p, kind);
      for (double x : c) point.support += x > 0;
      curve.push_back(point);
    }
  return curve;
}

double peak_rate(const std::vector<EntropyPoint>& curve, Perturbation kind,
                 double EntropyPoint::*entropy) {
  double best = -std::numeric_limits<double>::infinity(), rate = 0;
  bool found = false;
  for (const auto& point : curve)
    if (point.kind == kind && point.*entropy > best) {
      best = point.*entropy;
      rate = point.p;
      found = true;
    }
  if (!found) throw std::invalid_argument("curve: no point of the perturbation asked for");
  return rate;
}

}  // namespace assay::uncanny_valley
