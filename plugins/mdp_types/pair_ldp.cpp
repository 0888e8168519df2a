#include "pair_ldp.hpp"

#include <cmath>
#include <stdexcept>

#include "convex_line_search.hpp"
#include "markov_chain.hpp"

namespace assay::mdp_types {

namespace {
constexpr double kCountSlack = 1e-9;  // so that 0.3 * 10 counts as 3
}

bool ConditionalEvent::contains(std::int64_t n_row, std::int64_t n_pair) const {
  if (n_row == 0) return false;
  const double bound = threshold * static_cast<double>(n_row);
  return tail == Tail::at_least ? n_pair >= bound - kCountSlack : n_pair <= bound + kCountSlack;
}

Eigen::MatrixXd ConditionalEvent::functional(Eigen::Index states) const {
  Eigen::MatrixXd f = Eigen::MatrixXd::Zero(states, states);
  const double sign = tail == Tail::at_least ? 1.0 : -1.0;
  f.row(row).setConstant(-sign * threshold);
  f(row, col) += sign;
  return f;
}

PairRate conditional_event_rate(const Eigen::MatrixXd& kernel, const ConditionalEvent& event) {
  require_stochastic(kernel, "kernel");
  const Eigen::Index m = kernel.rows();
  if (event.row < 0 || event.row >= m || event.col < 0 || event.col >= m)
    throw std::invalid_argument("event row/col outside the state space");
  const Eigen::MatrixXd f = event.functional(m);
  const auto tilted = [&](double lambda) -> Eigen::MatrixXd {
    return kernel.cwiseProduct((lambda * f).array().exp().matrix());
  };
  const auto log_root = [&](double lambda) { return std::log(perron_root(tilted(lambda)).value); };
  // Lambda' (0) = E_stat f; when it is >= 0 the event is typical and J = 0.
  const LineMinimum best = minimise_convex(log_root, 0.0, 0.5, 1e3);
  PairRate out;
  out.tilt = best.argmin;
  out.rate = std::max(0.0, -best.value);
  out.tilted_kernel = doob_transform(tilted(best.argmin));
  out.pair = pair_measure(stationary_distribution(out.tilted_kernel), out.tilted_kernel);
  return out;
}

}  // namespace assay::mdp_types
