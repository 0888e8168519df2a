// The exchange dynamic: from the status quo, a blocking coalition carries out its best
// deviation (its members now exchange only among themselves; the firms it leaves keep their
// blocks and take fractions), and this repeats until no coalition blocks or a step limit.
#pragma once

#include <random>
#include <vector>

#include "core.hpp"

namespace assay::data_exchange {

enum class BlockerChoice {
  random,     // a uniformly drawn blocking coalition
  max_margin  // the coalition with the largest blocking margin
};

struct DynamicStep {
  Coalition coalition = 0;
  double margin = 0;
  Exchange after;
};

struct DynamicResult {
  std::vector<DynamicStep> trace;
  bool converged = false;  // reached an exchange no coalition blocks (grid + refinement)
  Exchange final_exchange;
};

DynamicResult run_exchange_dynamic(const Market& market, Exchange start, int max_steps,
                                   BlockerChoice choice, const CoreOptions& options,
                                   std::mt19937_64& rng);

}  // namespace assay::data_exchange
