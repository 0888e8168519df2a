#include "valley.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>

namespace assay::uncanny_valley {

namespace {

// F1 of the positive class over the examples `rows` (indices, repeats allowed); 0 when no
// example is predicted or labelled positive.
double f1_of(const RatePredictions& r, const std::vector<std::size_t>& rows) {
  double tp = 0, fp = 0, fn = 0;
  for (auto i : rows) {
    tp += r.predicted[i] && r.truth[i];
    fp += r.predicted[i] && !r.truth[i];
    fn += !r.predicted[i] && r.truth[i];
  }
  return tp == 0 ? 0.0 : 2 * tp / (2 * tp + fp + fn);
}

std::vector<std::size_t> all_rows(const std::vector<RatePredictions>& rates) {
  std::vector<std::size_t> rows(rates.front().truth.size());
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = i;
  return rows;
}

// Examples 2k and 2k + 1 are a pair; pairs alternate between the two halves.
std::vector<std::size_t> half(std::size_t examples, int which) {
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i < examples; ++i)
    if (static_cast<int>((i / 2) % 2) == which) rows.push_back(i);
  return rows;
}

std::vector<std::size_t> resample(const std::vector<std::size_t>& rows, std::mt19937_64& rng) {
  std::uniform_int_distribution<std::size_t> pick(0, rows.size() - 1);
  std::vector<std::size_t> out(rows.size());
  for (auto& r : out) r = rows[pick(rng)];
  return out;
}

Interval percentile_interval(double value, std::vector<double> draws) {
  std::sort(draws.begin(), draws.end());
  const auto at = [&](double q) {
    return draws[static_cast<std::size_t>(std::floor(q * static_cast<double>(draws.size() - 1)))];
  };
  return {value, at(0.025), at(0.975)};
}

// The rates of one perturbation, in order of p.
std::vector<const RatePredictions*> of_kind(const std::vector<RatePredictions>& rates,
                                            Perturbation kind) {
  std::vector<const RatePredictions*> out;
  for (const auto& r : rates)
    if (r.kind == kind) out.push_back(&r);
  std::sort(out.begin(), out.end(), [](auto* a, auto* b) { return a->p < b->p; });
  if (out.size() < 3 || out.front()->p != 0 || out.back()->p != 1)
    throw std::invalid_argument("rates: a valley needs p = 0, p = 1 and a rate between");
  return out;
}

// The interior rate of lowest F1 over `rows`.
const RatePredictions* interior_minimum(const std::vector<const RatePredictions*>& curve,
                                        const std::vector<std::size_t>& rows) {
  const RatePredictions* best = nullptr;
  double lowest = std::numeric_limits<double>::infinity();
  for (std::size_t k = 1; k + 1 < curve.size(); ++k)
    if (const double f = f1_of(*curve[k], rows); f < lowest) {
      lowest = f;
      best = curve[k];
    }
  return best;
}

struct DepthRecovery {
  double depth, recovery;
};
DepthRecovery measure(const std::vector<const RatePredictions*>& curve,
                      const RatePredictions& bottom, const std::vector<std::size_t>& rows) {
  const double low = f1_of(bottom, rows), clean = f1_of(*curve.front(), rows),
               spaced = f1_of(*curve.back(), rows);
  return {std::min(clean, spaced) - low, spaced - low};
}

}  // namespace

std::vector<F1Point> f1_curve(const std::vector<RatePredictions>& rates, int resamples,
                              std::mt19937_64& rng) {
  const auto rows = all_rows(rates);
  std::vector<F1Point> out;
  for (const auto& r : rates) {
    std::vector<double> draws;
    for (int b = 0; b < resamples; ++b) draws.push_back(f1_of(r, resample(rows, rng)));
    double correct = 0;
    for (auto i : rows) correct += r.predicted[i] == r.truth[i];
    out.push_back({r.kind, r.p, percentile_interval(f1_of(r, rows), std::move(draws)),
                   correct / static_cast<double>(rows.size())});
  }
  return out;
}

Valley valley(const std::vector<RatePredictions>& rates, Perturbation kind, int resamples,
              std::mt19937_64& rng) {
  const auto curve = of_kind(rates, kind);
  const auto examples = rates.front().truth.size();
  const auto* bottom = interior_minimum(curve, half(examples, 0));
  const auto measured = half(examples, 1);
  const auto point = measure(curve, *bottom, measured);
  std::vector<double> depths, recoveries;
  for (int b = 0; b < resamples; ++b) {
    const auto m = measure(curve, *bottom, resample(measured, rng));
    depths.push_back(m.depth);
    recoveries.push_back(m.recovery);
  }
  return {kind, bottom->p, percentile_interval(point.depth, std::move(depths)),
          percentile_interval(point.recovery, std::move(recoveries))};
}

Interval depth_difference(const std::vector<RatePredictions>& rates, int resamples,
                          std::mt19937_64& rng) {
  const auto random = of_kind(rates, Perturbation::random);
  const auto regular = of_kind(rates, Perturbation::regular);
  const auto examples = rates.front().truth.size();
  const auto selection = half(examples, 0), measured = half(examples, 1);
  const auto* bottom_random = interior_minimum(random, selection);
  const auto* bottom_regular = interior_minimum(regular, selection);
  const auto difference = [&](const std::vector<std::size_t>& rows) {
    return measure(random, *bottom_random, rows).depth -
           measure(regular, *bottom_regular, rows).depth;
  };
  std::vector<double> draws;
  for (int b = 0; b < resamples; ++b) draws.push_back(difference(resample(measured, rng)));
  return percentile_interval(difference(measured), std::move(draws));
}

double share_of_minima_above(const std::vector<RatePredictions>& rates, Perturbation kind,
                             double rate, int resamples, std::mt19937_64& rng) {
  const auto curve = of_kind(rates, kind);
  const auto rows = all_rows(rates);
  int above = 0;
  for (int b = 0; b < resamples; ++b)
    above += interior_minimum(curve, resample(rows, rng))->p > rate;
  return static_cast<double>(above) / resamples;
}

}  // namespace assay::uncanny_valley
