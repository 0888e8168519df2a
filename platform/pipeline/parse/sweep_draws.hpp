// Random sweep lists (README "Pipeline files"), for random search instead of a grid:
//   { uniform = [low, high], samples = N }              N reals drawn from [low, high)
//   { uniform = [low, high], samples = N, log = true }  the same on a log scale (low > 0)
//   { choice = [v1, v2, ...], samples = N }             N distinct elements, in random order
// Zipping random lists draws N joint configurations. A key's draws derive from the pipeline seed
// and the key alone, and the i-th draw does not depend on N, so more samples grow the sweep
// (--resume) rather than redraw it. The resolved pipeline records the drawn values.
#pragma once

#include <toml++/toml.h>

#include <string>

#include "pipeline/parse/parse_sweep.hpp"

namespace assay {

// Whether the table is written as a random list (has `uniform` or `choice`).
bool is_sweep_draw(const toml::table& table);

// The rule, with `samples` placeholder values at the rule's position; a malformed rule is an
// error naming `key`.
SweepList read_sweep_draw(const toml::table& table, const TomlOrigin& origin,
                          const std::string& key);

// Replaces every placeholder of the pipeline's axes by its draw from the pipeline's seed, and
// forgets the rules: from here on the values are what the file could have listed.
void draw_sweep_values(Pipeline& pipeline);

}  // namespace assay
