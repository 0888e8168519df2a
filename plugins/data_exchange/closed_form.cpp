#include "closed_form.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace assay::data_exchange {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double pooled_size(const Market& market, Coalition coalition, bool inside) {
  double total = 0;
  for (int j = 0; j < market.firms(); ++j)
    if (((coalition >> j) & 1u) == static_cast<unsigned>(inside)) total += market.sizes[j];
  return total;
}

std::optional<Deviation> rational_tie_deviation(const Market& market, Coalition coalition) {
  const int n = market.firms();
  const auto members = members_of(coalition, n);
  const double inside = pooled_size(market, coalition, true);
  const double outside = pooled_size(market, coalition, false);
  double best_outsider = -kInf, lowest = -kInf, highest = kInf;
  for (int j = 0; j < n; ++j) {
    if ((coalition >> j) & 1u) {
      lowest = std::max(lowest, market.curves[j](market.sizes[j]));
      highest = std::min(highest, market.curves[j](inside));
    } else {
      best_outsider = std::max(best_outsider, market.curves[j](outside));
    }
  }
  if (lowest > highest + kTieTolerance || highest < best_outsider - kTieTolerance)
    return std::nullopt;
  Deviation d{coalition, members, Eigen::VectorXd(members.size()), {}, 0};
  for (std::size_t k = 0; k < members.size(); ++k) {
    const int j = members[k];
    d.take[static_cast<Eigen::Index>(k)] =
        take_for_accuracy(market, j, inside - market.sizes[j], highest);
  }
  d.payoffs = deviation_payoffs(market, coalition, d.take);
  return d;
}

// The members' logit weights y_k = e^{beta (a_k - shift)} range over [low_k, high_k]; the
// outsiders, pooling, contribute `outside` to the denominator.
struct LogitCoalition {
  std::vector<int> members;
  Eigen::VectorXd low, high;
  double outside = 0, shift = 0;
};

LogitCoalition logit_coalition(const Market& market, Coalition coalition) {
  const int n = market.firms();
  LogitCoalition lc{members_of(coalition, n), {}, {}, 0, -kInf};
  const double inside = pooled_size(market, coalition, true);
  const double outside = pooled_size(market, coalition, false);
  const auto size = static_cast<Eigen::Index>(lc.members.size());
  Eigen::VectorXd low(size), high(size);
  std::vector<double> outsiders;
  for (Eigen::Index k = 0; k < size; ++k) {
    const int j = lc.members[static_cast<std::size_t>(k)];
    low[k] = market.curves[j](market.sizes[j]);
    high[k] = market.curves[j](inside);
    lc.shift = std::max(lc.shift, high[k]);
  }
  for (int j = 0; j < n; ++j)
    if (!((coalition >> j) & 1u)) {
      outsiders.push_back(market.curves[j](outside));
      lc.shift = std::max(lc.shift, outsiders.back());
    }
  const auto weight = [&](double a) { return std::exp(market.beta * (a - lc.shift)); };
  lc.low = low.unaryExpr(weight);
  lc.high = high.unaryExpr(weight);
  for (double b : outsiders) lc.outside += weight(b);
  return lc;
}

// Weights giving every member k a share >= c_k, or nullopt if none exist. Any solution has a total
// Y <= Y* = min(sum high, min_{c_k > 0} high_k / c_k - B), and Y - sum_k max(low_k, c_k (Y + B))
// rises with Y (slope >= 1 - sum_{c_k > 0} c_k > 0), so one exists iff it does at Y*; there
// y_k = max(low_k, c_k (Y* + B)) sums to at most Y*, which only raises the shares.
std::optional<Eigen::VectorXd> weights_reaching(const LogitCoalition& lc,
                                                const Eigen::VectorXd& c) {
  if ((c.array() > 0).select(c, 0.0).sum() >= 1) return std::nullopt;
  double total = lc.high.sum();
  for (Eigen::Index k = 0; k < c.size(); ++k)
    if (c[k] > 0) total = std::min(total, lc.high[k] / c[k] - lc.outside);
  Eigen::VectorXd y(c.size());
  for (Eigen::Index k = 0; k < c.size(); ++k)
    y[k] = std::min(lc.high[k], std::max(lc.low[k], c[k] * (total + lc.outside)));
  if (y.sum() > total) return std::nullopt;
  return y;
}

}  // namespace

std::optional<Deviation> logit_best_deviation(const Market& market, Coalition coalition,
                                              const Eigen::VectorXd& status_quo) {
  if (market.demand != Demand::logit || market.equal_sharing || market.beta <= 0)
    return std::nullopt;
  const LogitCoalition lc = logit_coalition(market, coalition);
  if (lc.members.size() < 2) return std::nullopt;
  const auto size = static_cast<Eigen::Index>(lc.members.size());
  Eigen::VectorXd u(size);
  for (Eigen::Index k = 0; k < size; ++k)
    u[k] = status_quo[lc.members[static_cast<std::size_t>(k)]];
  // Margin -1 is always reachable (shares are >= 0 and payoffs <= 1), margin 1 never (shares < 1).
  double lo = -1, hi = 1;
  Eigen::VectorXd y = *weights_reaching(lc, (u.array() - 1).matrix());
  for (int it = 0; it < 200 && hi - lo > 1e-15; ++it) {
    const double mid = (lo + hi) / 2;
    if (const auto reached = weights_reaching(lc, (u.array() + mid).matrix())) {
      lo = mid;
      y = *reached;
    } else {
      hi = mid;
    }
  }
  Deviation d{coalition, lc.members, Eigen::VectorXd(size), {}, 0};
  const double inside = pooled_size(market, coalition, true);
  for (Eigen::Index k = 0; k < size; ++k) {
    const int j = lc.members[static_cast<std::size_t>(k)];
    const double accuracy = lc.shift + std::log(y[k]) / market.beta;
    d.take[k] = take_for_accuracy(market, j, inside - market.sizes[j], accuracy);
  }
  d.payoffs = deviation_payoffs(market, coalition, d.take);
  d.margin = (d.payoffs - u).minCoeff();
  return d;
}

double take_for_accuracy(const Market& market, int firm, double others, double target) {
  const auto accuracy = [&](double t) {
    return market.curves[firm](market.sizes[firm] + t * others);
  };
  if (others <= 0 || accuracy(0) >= target) return 0;
  if (accuracy(1) < target) return 1;
  double lo = 0, hi = 1;
  for (int it = 0; it < 200 && hi - lo > 1e-15; ++it) {
    const double mid = (lo + hi) / 2;
    (accuracy(mid) >= target ? hi : lo) = mid;
  }
  return hi;
}

std::optional<Deviation> closed_form_deviation(const Market& market, Coalition coalition) {
  if (market.equal_sharing) {
    const auto members = members_of(coalition, market.firms());
    const auto size = static_cast<Eigen::Index>(members.size());
    Deviation d{coalition, members, Eigen::VectorXd::Ones(size), {}, 0};
    if (size == 1) d.take.setZero();
    d.payoffs = deviation_payoffs(market, coalition, d.take);
    return d;
  }
  if (market.demand == Demand::rational) return rational_tie_deviation(market, coalition);
  return std::nullopt;
}

std::vector<Exchange> rational_winner_exchanges(const Market& market) {
  const int n = market.firms();
  const double total = market.sizes.sum();
  std::vector<Exchange> out;
  for (Coalition winners : all_coalitions(n)) {
    double lowest = -kInf, highest = kInf, best_loser = -kInf;
    for (int j = 0; j < n; ++j) {
      const double own = market.curves[j](market.sizes[j]);
      if ((winners >> j) & 1u) {
        lowest = std::max(lowest, own);
        highest = std::min(highest, market.curves[j](total));
      } else {
        best_loser = std::max(best_loser, own);
      }
    }
    if (lowest > highest + kTieTolerance || highest <= best_loser + kTieTolerance) continue;
    Exchange e;
    e.block.assign(n, 0);
    e.take = Eigen::VectorXd::Zero(n);
    for (int j : members_of(winners, n))
      e.take[j] = take_for_accuracy(market, j, total - market.sizes[j], highest);
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace assay::data_exchange
