#include "paper_claims.hpp"

#include <cmath>
#include <random>
#include <sstream>

#include "core.hpp"
#include "exchange_dynamic.hpp"
#include "market_spec.hpp"

namespace assay::data_exchange {
namespace {

std::mt19937_64 stream(std::uint64_t seed, std::uint64_t k) {
  std::seed_seq seq{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                    static_cast<std::uint32_t>(k)};
  return std::mt19937_64(seq);
}

MarketSpec measured_rational(int firms) {
  MarketSpec spec;
  spec.firms = firms;
  spec.curve = CurveKind::measured;
  spec.demand = Demand::rational;
  return spec;
}

}  // namespace

Market logit_counterexample(bool equal_sharing) {
  MarketSpec spec;
  spec.sizes = {60, 120, 60};
  spec.demand = Demand::logit;
  spec.beta = 60;
  spec.equal_sharing = equal_sharing;
  std::mt19937_64 no_draws(0);  // sizes are given: nothing is drawn
  return make_market(spec, no_draws);
}

ClaimMeasurement rational_core_found(std::uint64_t seed) {
  std::vector<MarketSpec> specs;
  for (auto sizes : std::vector<std::vector<double>>{
           {60, 120, 60}, {50, 50, 50}, {10, 100, 200}, {40, 80, 120, 160}}) {
    MarketSpec s;
    s.firms = static_cast<int>(sizes.size());
    s.sizes = sizes;
    specs.push_back(s);
  }
  specs.push_back(measured_rational(3));
  specs.push_back(measured_rational(3));
  specs.push_back(measured_rational(4));
  ClaimMeasurement out;
  std::ostringstream detail;
  detail << "refined max blocking margin per instance:";
  for (std::size_t k = 0; k < specs.size(); ++k) {
    auto rng = stream(seed, k);
    const Market market = make_market(specs[k], rng);
    CoreOptions options;
    options.grid = market.firms() == 3 ? 9 : 5;
    const auto r = core_search(market, options);
    out.measured += r.refined_margin <= options.tolerance ? 1 : 0;
    out.bound += 1;
    detail << " " << r.refined_margin;
  }
  out.detail = detail.str();
  return out;
}

ClaimMeasurement logit_core_empty_under_refinement() {
  const Market market = logit_counterexample(false);
  std::vector<double> margins;
  std::ostringstream detail;
  detail << "min-max margin at grid 5, 9, 17:";
  for (int grid : {5, 9, 17}) {
    CoreOptions options;
    options.grid = grid;
    options.refine = false;
    margins.push_back(core_search(market, options).min_max_margin);
    detail << " " << margins.back();
  }
  ClaimMeasurement out;
  out.measured = margins[2] - std::abs(margins[2] - margins[1]);
  out.bound = 0;
  out.detail = detail.str();
  return out;
}

ClaimMeasurement sharing_restores_core() {
  CoreOptions options;
  options.grid = 9;
  const auto r = core_search(logit_counterexample(true), options);
  ClaimMeasurement out;
  out.measured = r.refined_margin;
  out.bound = options.tolerance;
  std::ostringstream detail;
  detail << "best exchange: blocks";
  for (int b : r.best.block) detail << " " << b;
  detail << ", takes " << r.best.take.transpose();
  out.detail = detail.str();
  return out;
}

ClaimMeasurement dynamic_converges(std::uint64_t seed, int instances) {
  ClaimMeasurement out;
  int converged = 0, steps = 0;
  for (int k = 0; k < instances; ++k) {
    auto rng = stream(seed, 1000 + k);
    const Market market = make_market(measured_rational(3), rng);
    CoreOptions options;
    options.grid = 9;
    const auto r =
        run_exchange_dynamic(market, Exchange::autarky(3), 50, BlockerChoice::random, options, rng);
    if (r.converged) {
      ++converged;
      steps += static_cast<int>(r.trace.size());
    }
  }
  out.measured = double(converged) / instances;
  out.bound = 1;
  std::ostringstream detail;
  detail << converged << "/" << instances << " converged, mean steps "
         << (converged ? double(steps) / converged : 0.0);
  out.detail = detail.str();
  return out;
}

}  // namespace assay::data_exchange
