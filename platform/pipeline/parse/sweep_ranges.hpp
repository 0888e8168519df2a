// Sweep lists written as a rule instead of element by element (README "Pipeline files"):
//   { range = [start, stop, step] }  start, start + step, ... short of stop (as Python and NumPy);
//                                    integers when all three are, otherwise reals
//   { linspace = [a, b, n] }         n reals from a to b, both included
//   { logspace = [a, b, n] }         10^x for n exponents x from a to b (as NumPy)
//   { geomspace = [a, b, n] }        n reals from a to b in constant ratio
// They are expanded here, while parsing, so the resolved pipeline (and with it the fingerprint
// that --resume and merge compare) lists the values themselves.
#pragma once

#include <toml++/toml.h>

#include <string>

#include "pipeline/parse/parse_sweep.hpp"

namespace assay {

// The values the rule in `table` stands for, each at the rule's position. An unknown rule, a
// wrong argument, an empty result or more than kMaxRangeValues values: an error naming `key`.
SweepList expand_sweep_range(const toml::table& table, const TomlOrigin& origin,
                             const std::string& key);

inline constexpr std::size_t kMaxRangeValues = 1'000'000;

}  // namespace assay
