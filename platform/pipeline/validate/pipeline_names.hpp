// The shapes of names in a pipeline file: node names, and "node.port" / "node.param" pairs.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace assay {

// [A-Za-z_][A-Za-z0-9_]*, and not "pipeline" or "sweep", which address sections in --set.
bool is_node_name(std::string_view name);
std::string node_name_rule();

struct DottedName {
  std::string node;
  std::string member;  // a port or a param
};
// "a.b" with both sides non-empty and exactly one dot; nullopt otherwise.
std::optional<DottedName> split_dotted(std::string_view text);

}  // namespace assay
