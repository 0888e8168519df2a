// Reading toml++ nodes as Values. Every error points at the node that is wrong.
#pragma once

#include <toml++/toml.h>

#include <string>

#include "assay/value.hpp"
#include "pipeline/parse/source_error.hpp"

namespace assay {

// Where parsed TOML came from: a file, or the text of a --set override, whose positions
// (inside the override) would mislead, so errors then name only "--set".
struct TomlOrigin {
  std::string file;
  bool has_lines = true;

  SourcePos pos(const toml::source_region& region) const;
};

// int -> integer, float -> real, bool, string; a list of numbers -> rank-1 array (IntArray if
// all are ints, else RealArray); equally long lists of lists -> higher rank. Tables, dates and
// lists of anything else are errors naming `key`.
Value toml_to_value(const toml::node& node, const TomlOrigin& origin, const std::string& key);

// The node as toml++ prints it, for "got ..." in errors.
std::string toml_node_text(const toml::node& node);

}  // namespace assay
