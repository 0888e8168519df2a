#include "pipeline/validate/pipeline_names.hpp"

#include <algorithm>

namespace assay {

namespace {
bool is_alpha(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool is_alnum(char c) { return is_alpha(c) || (c >= '0' && c <= '9'); }
}  // namespace

bool is_node_name(std::string_view name) {
  if (name.empty() || !is_alpha(name.front()) || name == "pipeline" || name == "sweep")
    return false;
  return std::all_of(name.begin(), name.end(), is_alnum);
}

std::string node_name_rule() {
  return "node names are a letter or _ followed by letters, digits or _, and not \"pipeline\" "
         "or \"sweep\"";
}

std::optional<DottedName> split_dotted(std::string_view text) {
  const auto dot = text.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == text.size() ||
      text.find('.', dot + 1) != std::string_view::npos)
    return std::nullopt;
  return DottedName{std::string(text.substr(0, dot)), std::string(text.substr(dot + 1))};
}

}  // namespace assay
