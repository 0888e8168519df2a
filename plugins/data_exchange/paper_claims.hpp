// The paper's checkable claims, computed with the plugin's own science on small instances.
// Each measurement returns the measured value and the bound it is compared with; the claims
// of each method (plugin.cpp registers them) compare them.
#pragma once

#include <assay/check.hpp>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "market.hpp"

namespace assay::data_exchange {

struct ClaimMeasurement {
  double measured = 0;
  double bound = 0;
  std::string detail;
};

// Logit market with an empty eps-core: beta = 60, sizes (60, 120, 60), a(d) = 1 - d^-0.4.
Market logit_counterexample(bool equal_sharing);

// A market with random heterogeneous power-law curves a_j(d) = a_max_j - c_j d^-alpha_j,
// sizes log-uniform on [10, 500] and beta uniform on [5, 100].
Market random_power_market(int firms, Demand demand, bool equal_sharing, std::mt19937_64& rng);

// (i) Fully rational markets: on how many of `instances` random markets (n = 3, 4;
// heterogeneous power laws, and measured curves with firm-specific noise) core_search finds an
// exchange no coalition blocks. Blocking is exact under rational demand and the winner-set
// exchanges cover every payoff vector, so a market with an empty core would be counted out.
ClaimMeasurement rational_core_found(std::uint64_t seed, int instances);
// (ii) Smallest over `grids` of core_search's certified_margin on the logit counterexample: a
// lower bound of the max blocking margin of every continuous exchange; > 0 proves the
// eps-core empty for eps below it, and the min-max margins per grid show it is no artefact.
ClaimMeasurement logit_core_empty_certified(const std::vector<int>& grids);
// (iii) Equal sharing: the counterexample plus `instances` random logit markets on which a
// core-stable exchange is found (blocking is exact under sharing: the coalition pools).
ClaimMeasurement sharing_restores_core(std::uint64_t seed, int instances);
// (iv) Fraction of measured-curve rational instances (n = 3) on which the dynamic from
// autarky reaches a core-stable exchange within 50 steps.
ClaimMeasurement dynamic_converges(std::uint64_t seed, int instances);

// The claims of core_search: (i), (ii) and (iii), all reproduced.
std::vector<assay::Claim> core_search_claims();
// The claim of exchange_dynamics: (iv), reproduced.
std::vector<assay::Claim> exchange_dynamics_claims();

}  // namespace assay::data_exchange
