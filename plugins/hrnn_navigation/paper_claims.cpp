#include "paper_claims.hpp"

#include <cmath>
#include <map>
#include <mutex>
#include <vector>

#include "perturbation.hpp"

namespace assay::hrnn_navigation {
namespace {

constexpr int kSeeds = 3;
constexpr int kHorizon = 20;
constexpr int kLong = 10 * kHorizon;

struct TrainedPair {
  Architecture hrnn, flat;
  Task task;
  Weights h, f;
  Walks eval;  // 100 walks of 10x the training horizon
};

TrainedPair train_pair(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  TrainedPair p;
  p.hrnn = Architecture{true, 32, 64, 32, 128};
  p.flat = p.hrnn;
  p.flat.hierarchical = false;
  p.task = make_task(p.hrnn, WalkOptions{}, 0.12, 2.0, 4.0, rng);
  const TrainOptions options{600, 50, kHorizon, 3e-3, 1e-4};
  // Both networks see the same training walks: each gets a copy of the walk stream.
  std::mt19937_64 walk_rng = rng, flat_walk_rng = rng;
  p.h = train(p.hrnn, p.task, options, walk_rng).weights;
  p.f = train(p.flat, p.task, options, flat_walk_rng).weights;
  p.eval = random_walks(p.task.walk, 100, kLong, rng);
  return p;
}

// f(seed) computed once per seed and shared by every check that asks for it (the host may
// run checks concurrently, so the computation holds the lock).
template <class F>
const auto& once_per_seed(std::uint64_t seed, F f) {
  using Result = decltype(f(seed));
  static std::mutex mutex;
  static std::map<std::uint64_t, Result> cache;
  std::lock_guard lock(mutex);
  auto it = cache.find(seed);
  if (it == cache.end()) it = cache.emplace(seed, f(seed)).first;
  return it->second;
}

const std::vector<TrainedPair>& trained_pairs(std::uint64_t seed) {
  return once_per_seed(seed, [](std::uint64_t s) {
    std::vector<TrainedPair> pairs;
    for (int k = 0; k < kSeeds; ++k) pairs.push_back(train_pair(s * 7919 + k));
    return pairs;
  });
}

// Two-sided 95% Student t quantiles for 1..5 degrees of freedom.
double t975(int dof) {
  static const double q[] = {12.706, 4.303, 3.182, 2.776, 2.571};
  return q[std::min(dof, 5) - 1];
}

MeanCi mean_ci(const std::vector<double>& v) {
  const int n = static_cast<int>(v.size());
  double m = 0, ss = 0;
  for (double x : v) m += x;
  m /= n;
  for (double x : v) ss += (x - m) * (x - m);
  const double half = t975(n - 1) * std::sqrt(ss / (n - 1) / n);
  return {m, m - half, m + half, n};
}

double growth(const Eigen::VectorXd& error) {
  return mean_over_steps(error, 5 * kHorizon, kLong) - mean_over_steps(error, 0, kHorizon);
}

// P(chi^2 with 2k degrees of freedom > x), closed form for even degrees of freedom.
double chi2_even_survival(double x, int k) {
  double term = 1, sum = 1;
  for (int i = 1; i < k; ++i) sum += term *= x / 2 / i;
  return std::exp(-x / 2) * sum;
}

Recording hrnn_recording(const TrainedPair& p) {
  return record(p.eval, evaluate(p.h, p.task, p.eval).states);
}

CellTypes hrnn_types(const TrainedPair& p, const Recording& rec, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  return classify(rec, p.task.walk.box, 20, 10, 50, rng);
}

double fraction(const Eigen::VectorXd& score, double null, int first, int count) {
  return (score.segment(first, count).array() > null).cast<double>().mean();
}

}  // namespace

HorizonClaim horizon_claim(std::uint64_t seed) {
  return once_per_seed(seed, [](std::uint64_t seed) -> HorizonClaim {
    std::vector<double> position, heading;
    for (const auto& p : trained_pairs(seed)) {
      const Evaluation h = evaluate(p.h, p.task, p.eval), f = evaluate(p.f, p.task, p.eval);
      position.push_back(growth(f.position_error) - growth(h.position_error));
      heading.push_back(growth(f.heading_error) - growth(h.heading_error));
    }
    return {mean_ci(position), mean_ci(heading)};
  });
}

TypeFractions type_fraction_claim(std::uint64_t seed) {
  return once_per_seed(seed, [](std::uint64_t seed) -> TypeFractions {
    std::vector<double> hd, av, speed, grid;
    for (const auto& p : trained_pairs(seed)) {
      const Recording rec = hrnn_recording(p);
      const CellTypes c = hrnn_types(p, rec, seed);
      const int na = p.hrnn.size_a, np = p.hrnn.size_p;
      hd.push_back(fraction(c.scores.hd, c.null95.hd(0), 0, na));
      av.push_back(fraction(c.scores.av, c.null95.av(0), 0, na));
      speed.push_back(fraction(c.scores.speed, c.null95.speed(0), na, np));
      grid.push_back(fraction(c.scores.grid, c.null95.grid(0), na, np));
    }
    return {mean_ci(hd), mean_ci(av), mean_ci(speed), mean_ci(grid)};
  });
}

PerturbationClaim perturbation_claim(std::uint64_t seed) {
  return once_per_seed(seed, [](std::uint64_t seed) -> PerturbationClaim {
    std::vector<double> position_gain, heading_change;
    PerturbationClaim c;
    double fisher = 0;
    for (const auto& p : trained_pairs(seed)) {
      const int na = p.hrnn.size_a, np = p.hrnn.size_p;
      const Evaluation intact = evaluate(p.h, p.task, p.eval);
      const Evaluation no_a = evaluate(silenced(p.h, unit_range(0, na)), p.task, p.eval);
      const Evaluation no_p = evaluate(silenced(p.h, unit_range(na, np)), p.task, p.eval);
      position_gain.push_back(no_a.position_error.mean() - intact.position_error.mean());
      heading_change.push_back(no_p.heading_error.mean() - intact.heading_error.mean());
      std::mt19937_64 rng(seed);
      c.ring_seeds +=
          ring_attractor_test(p.h, p.hrnn, p.task, intact.states, 200, 50, p.task.walk.dt, rng)
              .is_ring();
      const Recording rec = record(p.eval, intact.states);
      fisher +=
          -2 *
          std::log(turning_asymmetry(p.h, p.hrnn, rec, hrnn_types(p, rec, seed), 999, rng).p_value);
      ++c.seeds;
    }
    c.silence_a_position_gain = mean_ci(position_gain);
    c.silence_p_heading_change = mean_ci(heading_change);
    c.asymmetry_p = chi2_even_survival(fisher, c.seeds);
    return c;
  });
}

}  // namespace assay::hrnn_navigation
