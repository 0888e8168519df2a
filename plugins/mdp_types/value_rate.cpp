#include "value_rate.hpp"

#include <Eigen/QR>
#include <algorithm>
#include <boost/math/tools/minima.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "convex_line_search.hpp"
#include "kl_ball.hpp"

namespace assay::mdp_types {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// log E_p exp(t w), stable for large |t|.
double log_mgf(const Eigen::VectorXd& p, const Eigen::VectorXd& w, double t) {
  double top = -kInfinity;
  for (Eigen::Index j = 0; j < p.size(); ++j)
    if (p(j) > 0) top = std::max(top, t * w(j));
  double sum = 0;
  for (Eigen::Index j = 0; j < p.size(); ++j)
    if (p(j) > 0) sum += p(j) * std::exp(t * w(j) - top);
  return top + std::log(sum);
}

Eigen::VectorXd policy_rewards(const FiniteMdp& mdp) {
  Eigen::VectorXd r = Eigen::VectorXd::Zero(mdp.states());
  for (int s = 0; s < mdp.states(); ++s)
    for (int a = 0; a < mdp.actions(); ++a)
      r(s) += mdp.policy(s, a) * mdp.rewards(s * mdp.actions() + a);
  return r;
}

struct StateTilt {
  double rate = 0;
  double multiplier = 0;
};

// g_s(W): the cheapest tilt of the rows of state s that satisfies its Bellman equation.
StateTilt state_rate(const FiniteMdp& mdp, int s, double target, const Eigen::VectorXd& w) {
  const int na = mdp.actions();
  double lo = 0, hi = 0, mean = 0;
  for (int a = 0; a < na; ++a) {
    const double pi = mdp.policy(s, a);
    if (pi == 0) continue;
    const Eigen::VectorXd p = mdp.transitions.row(s * na + a).transpose();
    double row_lo = kInfinity, row_hi = -kInfinity;
    for (Eigen::Index j = 0; j < p.size(); ++j)
      if (p(j) > 0) row_lo = std::min(row_lo, w(j)), row_hi = std::max(row_hi, w(j));
    lo += pi * row_lo;
    hi += pi * row_hi;
    mean += pi * p.dot(w);
  }
  const double scale = std::max(1.0, w.cwiseAbs().maxCoeff());
  const double slack = 1e-12 * scale;
  if (target < lo - slack || target > hi + slack) return {kInfinity, 0};
  const double spread = hi - lo;
  if (spread <= slack) return {0, 0};
  const double sign = target >= mean ? 1.0 : -1.0;
  const auto log_mgf_sum = [&](double lambda) {
    double sum = 0;
    for (int a = 0; a < na; ++a) {
      const double pi = mdp.policy(s, a);
      if (pi > 0) sum += log_mgf(mdp.transitions.row(s * na + a).transpose(), w, lambda * pi);
    }
    return sum;
  };
  // u = lambda * spread keeps the search scale-free; u = 1e4 already saturates every tilt.
  const auto negated = [&](double u) {
    const double lambda = sign * u / spread;
    return -(lambda * target - log_mgf_sum(lambda));
  };
  const LineMinimum best = minimise_convex(negated, 0.0, 1.0, 1e4);
  return {std::max(0.0, -best.value), sign * best.argmin / spread};
}

// Orthonormal basis of the hyperplane orthogonal to d, as columns.
Eigen::MatrixXd complement_basis(const Eigen::VectorXd& d) {
  const Eigen::Index m = d.size();
  Eigen::HouseholderQR<Eigen::MatrixXd> qr(d);
  const Eigen::MatrixXd q = qr.householderQ() * Eigen::MatrixXd::Identity(m, m);
  return q.rightCols(m - 1);
}

// Minimises f on [-reach, reach] by a grid and Brent refinement around the best grid point.
double minimise_on_line(const std::function<double(double)>& f, double reach, int grid) {
  const double step = 2 * reach / grid;
  double best_t = 0, best_f = f(0);
  for (int i = 0; i <= grid; ++i) {
    const double t = -reach + step * i, ft = f(t);
    if (ft < best_f) best_f = ft, best_t = t;
  }
  std::uintmax_t iterations = 200;
  const auto [t, ft] =
      boost::math::tools::brent_find_minima(f, best_t - step, best_t + step, 52, iterations);
  return ft < best_f ? t : best_t;
}

// Compass search from `start`: polls +-step along each axis, halving the step on failure.
Eigen::VectorXd compass_search(const std::function<double(const Eigen::VectorXd&)>& f,
                               Eigen::VectorXd x, double step, double min_step) {
  double fx = f(x);
  while (step > min_step) {
    bool moved = false;
    for (Eigen::Index i = 0; i < x.size() && !moved; ++i)
      for (double direction : {1.0, -1.0}) {
        Eigen::VectorXd y = x;
        y(i) += direction * step;
        const double fy = f(y);
        if (fy < fx) {
          x = y, fx = fy, moved = true;
          break;
        }
      }
    if (!moved) step /= 2;
  }
  return x;
}

}  // namespace

double kernel_divergence(const FiniteMdp& mdp, const Eigen::MatrixXd& transitions) {
  double d = 0;
  for (int s = 0; s < mdp.states(); ++s)
    for (int a = 0; a < mdp.actions(); ++a) {
      if (mdp.policy(s, a) == 0) continue;
      const int z = s * mdp.actions() + a;
      d += kl_divergence(transitions.row(z).transpose(), mdp.transitions.row(z).transpose());
    }
  return d;
}

ValueRate value_rate_given_values(const FiniteMdp& mdp, const Eigen::VectorXd& values) {
  const Eigen::VectorXd r = policy_rewards(mdp);
  ValueRate out;
  out.values = values;
  out.transitions = mdp.transitions;
  out.multipliers = Eigen::VectorXd::Zero(mdp.states());
  const int na = mdp.actions();
  for (int s = 0; s < mdp.states(); ++s) {
    const StateTilt tilt = state_rate(mdp, s, (values(s) - r(s)) / mdp.discount, values);
    out.rate += tilt.rate;
    out.multipliers(s) = tilt.multiplier;
    if (!std::isfinite(tilt.rate)) continue;
    for (int a = 0; a < na; ++a) {
      const int z = s * na + a;
      const double t = tilt.multiplier * mdp.policy(s, a);
      const double log_norm = log_mgf(mdp.transitions.row(z).transpose(), values, t);
      for (int j = 0; j < mdp.states(); ++j)
        out.transitions(z, j) = mdp.transitions(z, j) * std::exp(t * values(j) - log_norm);
    }
  }
  return out;
}

ValueRate plug_in_value_rate(const FiniteMdp& mdp, const Eigen::VectorXd& weights, double x) {
  mdp.validate();
  if (!(mdp.discount > 0)) throw std::invalid_argument("the value rate needs discount > 0");
  if (weights.size() != mdp.states() || (weights.array() < 0).any() || weights.sum() <= 0)
    throw std::invalid_argument("weights must be a nonnegative vector with one entry per state");
  const Eigen::VectorXd d = weights / weights.sum();
  const Eigen::VectorXd truth = policy_value(mdp, mdp.transitions);
  const Eigen::VectorXd base = truth + (x - d.dot(truth)) / d.squaredNorm() * d;
  if (mdp.states() == 1) return value_rate_given_values(mdp, base);
  const Eigen::MatrixXd basis = complement_basis(d);
  // Any value vector lies in the box [min r, max r] / (1 - gamma), so |W - base| <= reach.
  const double width = (mdp.rewards.maxCoeff() - mdp.rewards.minCoeff()) / (1 - mdp.discount);
  const double reach = std::sqrt(static_cast<double>(mdp.states())) * std::max(width, 1e-12);
  // Infinite rates are replaced by a huge finite number so that the searches can compare them.
  const auto objective = [&](const Eigen::VectorXd& t) {
    const double rate = value_rate_given_values(mdp, base + basis * t).rate;
    return std::isfinite(rate) ? rate : 1e300;
  };
  Eigen::VectorXd best_t = Eigen::VectorXd::Zero(basis.cols());
  if (basis.cols() == 1) {
    best_t(0) = minimise_on_line(
        [&](double t) { return objective(Eigen::VectorXd::Constant(1, t)); }, reach, 2000);
  } else {
    double best_f = kInfinity;
    std::vector<Eigen::VectorXd> starts{Eigen::VectorXd::Zero(basis.cols())};
    for (Eigen::Index i = 0; i < basis.cols(); ++i)
      for (double side : {0.25, -0.25}) {
        starts.push_back(Eigen::VectorXd::Zero(basis.cols()));
        starts.back()(i) = side * reach;
      }
    for (const auto& start : starts) {
      const Eigen::VectorXd t = compass_search(objective, start, reach / 8, 1e-10 * reach);
      const double ft = objective(t);
      if (ft < best_f) best_f = ft, best_t = t;
    }
  }
  ValueRate out = value_rate_given_values(mdp, base + basis * best_t);
  if (out.rate >= 1e300) out.rate = kInfinity;
  return out;
}

double plug_in_value_variance(const FiniteMdp& mdp, const Eigen::VectorXd& weights) {
  return value_variance_with_shares(mdp, weights, Eigen::VectorXd::Ones(mdp.pairs()));
}

double value_variance_with_shares(const FiniteMdp& mdp, const Eigen::VectorXd& weights,
                                  const Eigen::VectorXd& share) {
  const int ns = mdp.states(), na = mdp.actions();
  const Eigen::VectorXd v = policy_value(mdp, mdp.transitions);
  const Eigen::VectorXd occupancy = discounted_occupancy(mdp, weights / weights.sum());
  double variance = 0;
  for (int s = 0; s < ns; ++s)
    for (int a = 0; a < na; ++a) {
      const double g = mdp.discount * occupancy(s) * mdp.policy(s, a);
      if (g == 0) continue;  // a pair the policy never takes: no samples, no influence
      const Eigen::VectorXd p = mdp.transitions.row(s * na + a).transpose();
      const double mean = p.dot(v);
      const double row_variance = p.dot((v.array() - mean).square().matrix());
      variance += g * g * row_variance / share(s * na + a);
    }
  return variance;
}

}  // namespace assay::mdp_types
