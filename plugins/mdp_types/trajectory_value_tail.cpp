#include "trajectory_value_tail.hpp"

#include <Eigen/Dense>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "markov_chain.hpp"

namespace assay::mdp_types {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// c log p with 0 log 0 = 0.
double count_log(int c, double p) { return c == 0 ? 0 : c * std::log(p); }

class LogBinomial {
 public:
  explicit LogBinomial(int n) : log_factorial_(n + 1) {
    for (int i = 0; i <= n; ++i) log_factorial_[i] = std::lgamma(i + 1.0);
  }
  // log of the number of compositions of `total` into `parts` positive parts.
  double compositions(int total, int parts) const {
    if (parts == 0) return total == 0 ? 0 : -kInfinity;
    if (total < parts) return -kInfinity;
    return log_factorial_[total - 1] - log_factorial_[parts - 1] - log_factorial_[total - parts];
  }

 private:
  std::vector<double> log_factorial_;
};

int policy_action(const FiniteMdp& mdp, int s) {
  for (int a = 0; a < mdp.actions(); ++a)
    if (mdp.policy(s, a) == 1) return a;
  return -1;
}

}  // namespace

bool exact_trajectory_tail_feasible(const FiniteMdp& mdp) {
  return mdp.states() == 2 && policy_action(mdp, 0) >= 0 && policy_action(mdp, 1) >= 0;
}

double exact_trajectory_value_tail(const FiniteMdp& mdp, const Eigen::VectorXd& weights, double x,
                                   bool upper, int n) {
  mdp.validate();
  if (!exact_trajectory_tail_feasible(mdp) || n < 2)
    throw std::invalid_argument(
        "the exact trajectory tail needs 2 states, a deterministic policy and n >= 2");
  const int z0 = 0 * mdp.actions() + policy_action(mdp, 0);
  const int z1 = 1 * mdp.actions() + policy_action(mdp, 1);
  const double alpha = mdp.transitions(z0, 1), beta = mdp.transitions(z1, 0);
  const Eigen::Vector2d r(mdp.rewards(z0), mdp.rewards(z1));
  const Eigen::Vector2d d = weights / weights.sum();
  const double gamma = mdp.discount;
  Eigen::Matrix2d chain;
  chain << 1 - alpha, alpha, beta, 1 - beta;
  const Eigen::Vector2d mu = stationary_distribution(chain);
  const LogBinomial binomial(n + 1);
  const double slack = 1e-12 * std::max(1.0, std::abs(x));
  const auto in_event = [&](double p0, double p1) {
    Eigen::Matrix2d a;
    a << 1 - gamma * (1 - p0), -gamma * p0, -gamma * (1 - p1), 1 - gamma * p1;
    const double v = d.dot(a.inverse() * r);
    return upper ? v >= x - slack : v <= x + slack;
  };
  // Running log-sum-exp of the event's terms.
  double top = -kInfinity, sum = 0;
  const auto add = [&](double log_term) {
    if (log_term == -kInfinity) return;
    if (log_term > top)
      sum = sum * std::exp(top - log_term) + 1, top = log_term;
    else
      sum += std::exp(log_term - top);
  };
  for (int start = 0; start < 2; ++start)
    for (int k = 1; k < n; ++k)
      for (int a = 0; a <= k; ++a)
        for (int b : {a - 1, a, a + 1}) {
          // From 0: b in {a - 1, a}; from 1: b in {a, a + 1}.
          if (b < 0 || (start == 0 && b == a + 1) || (start == 1 && b == a - 1)) continue;
          if (b > n - k) continue;
          const bool ends_at_zero = start == 0 ? b == a : b == a + 1;
          const int zeros = k + ends_at_zero, ones = n + 1 - zeros;
          const int zero_runs = start == 0 ? b + 1 : b, one_runs = start == 0 ? a : a + 1;
          const double log_paths =
              binomial.compositions(zeros, zero_runs) + binomial.compositions(ones, one_runs);
          if (log_paths == -kInfinity) continue;
          if (!in_event(static_cast<double>(a) / k, static_cast<double>(n - k - b) / (n - k)))
            continue;
          add(std::log(mu(start)) + log_paths + count_log(a, alpha) + count_log(k - a, 1 - alpha) +
              count_log(b, beta) + count_log(n - k - b, 1 - beta));
        }
  return top == -kInfinity ? -kInfinity : top + std::log(sum);
}

}  // namespace assay::mdp_types
