#include "exchange_dynamic.hpp"

#include <algorithm>

namespace assay::data_exchange {
namespace {

Exchange apply_deviation(Exchange e, const Deviation& d) {
  const int label = *std::max_element(e.block.begin(), e.block.end()) + 1;
  for (std::size_t k = 0; k < d.members.size(); ++k) {
    e.block[d.members[k]] = label;
    e.take[d.members[k]] = d.members.size() > 1 ? d.take[static_cast<Eigen::Index>(k)] : 0.0;
  }
  return e;
}

}  // namespace

DynamicResult run_exchange_dynamic(const Market& market, Exchange start, int max_steps,
                                   BlockerChoice choice, const CoreOptions& options,
                                   std::mt19937_64& rng) {
  DynamicResult r;
  r.final_exchange = std::move(start);
  for (int step = 0; step <= max_steps; ++step) {
    const auto blocking = blocking_coalitions(market, r.final_exchange, options);
    if (blocking.empty()) {
      r.converged = true;
      return r;
    }
    if (step == max_steps) break;
    std::size_t pick = 0;
    if (choice == BlockerChoice::random)
      pick = std::uniform_int_distribution<std::size_t>(0, blocking.size() - 1)(rng);
    r.final_exchange = apply_deviation(r.final_exchange, blocking[pick]);
    r.trace.push_back({blocking[pick].coalition, blocking[pick].margin, r.final_exchange});
  }
  return r;
}

}  // namespace assay::data_exchange
