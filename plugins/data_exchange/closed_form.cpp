#include "closed_form.hpp"

#include <algorithm>
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

}  // namespace

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
