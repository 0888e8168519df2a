#include "trajectory_value_rate.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

#include "markov_chain.hpp"
#include "quasi_newton.hpp"
#include "value_rate.hpp"

namespace assay::mdp_types {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

struct LocalMinimum {
  Eigen::VectorXd logits;
  double rate = kInfinity;
  double multiplier = 0;
  double residual = kInfinity;
  double kkt_residual = kInfinity;
};

// The rate problem in the logits: objective D and constraint g = d . V - x.
class ValueConstrainedDivergence {
 public:
  ValueConstrainedDivergence(const FiniteMdp& mdp, const Eigen::VectorXd& d, double x)
      : mdp_(mdp), d_(d), x_(x), coordinates_(mdp) {}

  const TiltCoordinates& coordinates() const { return coordinates_; }

  // (D, g) at u; (inf, inf) where the chain cannot be evaluated: overflowing logits, or logits
  // so extreme that the tilted chain is numerically reducible (no unique stationary law).
  std::pair<double, double> evaluate(const Eigen::VectorXd& u) const {
    if (!u.allFinite() || u.lpNorm<Eigen::Infinity>() > 500) return {kInfinity, kInfinity};
    try {
      const TiltedPairChain c = coordinates_.chain(u);
      const double g = d_.dot(policy_value(mdp_, c.transitions)) - x_;
      return {tilted_chain_divergence(mdp_, c), g};
    } catch (const std::invalid_argument&) {
      return {kInfinity, kInfinity};
    }
  }

  // Augmented Lagrangian iterations from u (see the header).
  LocalMinimum solve(Eigen::VectorXd u, double lambda, double penalty) const {
    const double tolerance = 1e-10 * std::max(1.0, std::abs(x_));
    double last_violation = kInfinity;
    LocalMinimum out;
    for (int outer = 0; outer < 40; ++outer) {
      const auto lagrangian = [&](const Eigen::VectorXd& v) {
        const auto [divergence, g] = evaluate(v);
        return divergence - lambda * g + 0.5 * penalty * g * g;
      };
      const QuasiNewtonResult inner = minimise_bfgs(lagrangian, u, 1e-10, 500);
      u = inner.argmin;
      const auto [divergence, g] = evaluate(u);
      if (!std::isfinite(g)) break;
      lambda -= penalty * g;
      out = {u, divergence, lambda, g, inner.gradient_norm};
      const bool feasible = std::abs(g) <= tolerance;
      if (feasible && inner.gradient_norm <= 1e-8) break;
      if (!feasible && std::abs(g) > 0.25 * last_violation) penalty *= 10;
      last_violation = std::abs(g);
    }
    return out;
  }

 private:
  const FiniteMdp& mdp_;  // outlives the problem: both live in trajectory_value_rate
  Eigen::VectorXd d_;
  double x_;
  TiltCoordinates coordinates_;
};

}  // namespace

TrajectoryValueRate trajectory_value_rate(const FiniteMdp& mdp, const Eigen::VectorXd& weights,
                                          double x, const TrajectoryRateOptions& options) {
  mdp.validate();
  const Eigen::VectorXd d = weights / weights.sum();
  const ValueConstrainedDivergence problem(mdp, d, x);
  const auto& coordinates = problem.coordinates();
  const double truth = d.dot(policy_value(mdp, mdp.transitions));
  const double variance = trajectory_value_variance(mdp, d);

  std::vector<Eigen::VectorXd> starts{Eigen::VectorXd::Zero(coordinates.size())};
  if (mdp.discount > 0) {
    const ValueRate generative = plug_in_value_rate(mdp, d, x);
    bool positive = std::isfinite(generative.rate);
    for (int z = 0; z < mdp.pairs() && positive; ++z)
      for (int j = 0; j < mdp.states(); ++j)
        positive &= mdp.transitions(z, j) == 0 || generative.transitions(z, j) > 0;
    if (positive) starts.push_back(coordinates.logits(generative.transitions, mdp.policy));
  }
  std::mt19937_64 rng(options.seed);
  std::normal_distribution<double> normal(0, options.spread);
  for (int i = 0; i < options.random_starts; ++i) {
    Eigen::VectorXd u(coordinates.size());
    for (Eigen::Index k = 0; k < u.size(); ++k) u(k) = normal(rng);
    starts.push_back(u);
  }

  // The multiplier of the Gaussian approximation, I ~ (x - v)^2 / (2 sigma^2), and a penalty
  // ten times that curvature.
  const double lambda0 = variance > 0 ? (x - truth) / variance : 0;
  const double penalty0 = variance > 0 ? 10 / variance : 10;
  const double feasible = 1e-8 * std::max(1.0, std::abs(x));
  std::vector<LocalMinimum> ends;
  for (const auto& start : starts) ends.push_back(problem.solve(start, lambda0, penalty0));

  TrajectoryValueRate out;
  out.starts = static_cast<int>(ends.size());
  const LocalMinimum* best = nullptr;
  for (const auto& e : ends)
    if (std::abs(e.residual) <= feasible && (!best || e.rate < best->rate)) best = &e;
  if (!best) {
    out.rate = kInfinity;
    out.chain = coordinates.chain(Eigen::VectorXd::Zero(coordinates.size()));
    out.residual = ends.front().residual;
    return out;
  }
  for (const auto& e : ends) {
    if (std::abs(e.residual) > feasible) continue;
    out.start_spread = std::max(out.start_spread, e.rate - best->rate);
    out.starts_agreeing += e.rate - best->rate <= 1e-7 * std::max(best->rate, 1e-6);
  }
  out.rate = best->rate;
  out.chain = coordinates.chain(best->logits);
  out.multiplier = best->multiplier;
  out.residual = best->residual;
  out.kkt_residual = best->kkt_residual;
  return out;
}

double trajectory_value_variance(const FiniteMdp& mdp, const Eigen::VectorXd& weights) {
  const int ns = mdp.states(), na = mdp.actions();
  const Eigen::VectorXd mu = stationary_distribution(state_chain(mdp.transitions, mdp.policy));
  Eigen::VectorXd visits(mdp.pairs());
  for (int s = 0; s < ns; ++s)
    for (int a = 0; a < na; ++a) visits(s * na + a) = mu(s) * mdp.policy(s, a);
  return value_variance_with_shares(mdp, weights, visits);
}

}  // namespace assay::mdp_types
