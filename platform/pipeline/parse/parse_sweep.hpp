// The [sweep] section: one list of values per "node.param", zip groups, replicates. The sweep's
// shape is checked here (and, for --set, in apply_override), not again by validate().
#pragma once

#include <toml++/toml.h>

#include <cstdint>
#include <string>
#include <vector>

#include "pipeline/parse/toml_value.hpp"
#include "pipeline/pipeline.hpp"

namespace assay {

struct SweepList {
  std::vector<Value> values;
  std::vector<SourcePos> pos;     // pos[i]: where values[i] is written
  std::optional<SweepDraw> draw;  // values are placeholders until validate() draws them
};

// The elements of a sweep list, each one value of the param, or the values of a range rule
// (sweep_ranges.hpp); anything else, or no value: an error.
SweepList read_sweep_list(const toml::node& node, const TomlOrigin& origin, const std::string& key);

// An integer >= 1.
std::int64_t read_replicates(const toml::node& node, const TomlOrigin& origin,
                             const std::string& key);

struct SweepSection {
  std::vector<SweepAxis> axes;  // in file order; a zip group where its first list is written
  std::int64_t replicates = 1;
};

SweepSection parse_sweep(const toml::table& sweep, const TomlOrigin& origin);

}  // namespace assay
