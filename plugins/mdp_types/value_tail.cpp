#include "value_tail.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace assay::mdp_types {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// One possible p_s = sum_a pi(a|s) k_a / n, its probability and its divergence.
struct RowOutcome {
  double p = 0;
  double probability = 0;
  double divergence = 0;
};

double log_binomial_pmf(int n, int k, double p) {
  if (p <= 0) return k == 0 ? 0 : -kInfinity;
  if (p >= 1) return k == n ? 0 : -kInfinity;
  return std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) + k * std::log(p) +
         (n - k) * std::log1p(-p);
}

double binary_divergence(double f, double p) {
  double d = 0;
  if (f > 0) d += f * std::log(f / p);
  if (f < 1) d += (1 - f) * std::log((1 - f) / (1 - p));
  return d;
}

// Every count vector (k_a) of the rows of state s with pi(a|s) > 0, sorted by p_s.
std::vector<RowOutcome> state_outcomes(const FiniteMdp& mdp, int s, int n) {
  std::vector<RowOutcome> out{{0, 1, 0}};
  for (int a = 0; a < mdp.actions(); ++a) {
    const double pi = mdp.policy(s, a);
    if (pi == 0) continue;
    const double p_one = mdp.transitions(s * mdp.actions() + a, 1);
    std::vector<RowOutcome> next;
    next.reserve(out.size() * (n + 1));
    for (int k = 0; k <= n; ++k) {
      const double log_pmf = log_binomial_pmf(n, k, p_one);
      if (!std::isfinite(log_pmf)) continue;
      const double pmf = std::exp(log_pmf);
      const double divergence = binary_divergence(static_cast<double>(k) / n, p_one);
      for (const auto& o : out)
        next.push_back({o.p + pi * k / n, o.probability * pmf, o.divergence + divergence});
    }
    out = std::move(next);
  }
  std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.p < b.p; });
  return out;
}

double weighted_value(const FiniteMdp& mdp, const Eigen::Vector2d& r_pi, const Eigen::Vector2d& d,
                      double p0, double p1) {
  Eigen::Matrix2d a;
  a << 1 - mdp.discount * (1 - p0), -mdp.discount * p0, -mdp.discount * (1 - p1),
      1 - mdp.discount * p1;
  return d.dot(a.inverse() * r_pi);  // closed form for 2 x 2
}

}  // namespace

bool exact_value_tail_feasible(const FiniteMdp& mdp, int n) {
  return mdp.states() == 2 && std::pow(n + 1.0, mdp.actions()) <= 4e6;
}

ValueTail exact_value_tail(const FiniteMdp& mdp, const Eigen::VectorXd& weights, double x,
                           bool upper, int n) {
  mdp.validate();
  if (!exact_value_tail_feasible(mdp, n))
    throw std::invalid_argument("the exact value tail needs 2 states and (n+1)^|A| <= 4e6");
  const Eigen::Vector2d d = weights / weights.sum();
  Eigen::Vector2d r_pi = Eigen::Vector2d::Zero();
  for (int s = 0; s < 2; ++s)
    for (int a = 0; a < mdp.actions(); ++a)
      r_pi(s) += mdp.policy(s, a) * mdp.rewards(s * mdp.actions() + a);
  const auto first = state_outcomes(mdp, 0, n), second = state_outcomes(mdp, 1, n);
  // The value increases in p_1 iff r_pi(1) >= r_pi(0); the event is then an upper (or lower)
  // set of the sorted p_1 values.
  const bool event_is_suffix = (r_pi(1) >= r_pi(0)) == upper;
  const std::size_t m = second.size();
  // tail_probability[j], tail_divergence[j]: sum and min over the event's part of `second`
  // that starts (suffix) or ends (prefix) at j.
  std::vector<double> tail_probability(m + 1, 0), tail_divergence(m + 1, kInfinity);
  if (event_is_suffix) {
    for (std::size_t j = m; j-- > 0;) {
      tail_probability[j] = tail_probability[j + 1] + second[j].probability;
      tail_divergence[j] = std::min(tail_divergence[j + 1], second[j].divergence);
    }
  } else {
    for (std::size_t j = 0; j < m; ++j) {
      tail_probability[j + 1] = tail_probability[j] + second[j].probability;
      tail_divergence[j + 1] = std::min(tail_divergence[j], second[j].divergence);
    }
  }
  const double slack = 1e-12 * std::max(1.0, std::abs(x));
  const auto in_event = [&](double p0, double p1) {
    const double v = weighted_value(mdp, r_pi, d, p0, p1);
    return upper ? v >= x - slack : v <= x + slack;
  };
  double probability = 0, lattice_rate = kInfinity;
  for (const auto& o : first) {
    // Bisection for the boundary index b: event = [b, m) (suffix) or [0, b) (prefix).
    std::size_t lo = 0, hi = m;
    while (lo < hi) {
      const std::size_t mid = (lo + hi) / 2;
      const bool inside = in_event(o.p, second[mid].p);
      if (inside == event_is_suffix)
        hi = mid;
      else
        lo = mid + 1;
    }
    probability += o.probability * tail_probability[lo];
    lattice_rate = std::min(lattice_rate, o.divergence + tail_divergence[lo]);
  }
  return {probability > 0 ? std::log(probability) : -kInfinity, lattice_rate};
}

}  // namespace assay::mdp_types
