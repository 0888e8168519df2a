#include "store/layout/provenance_outputs.hpp"

#include <set>

namespace assay {

std::map<std::string, std::string> provenance_output_texts(
    const std::vector<std::string>& names, const std::map<std::string, PointResult>& points) {
  std::map<std::string, std::set<std::string>> values;
  const std::set<std::string> wanted(names.begin(), names.end());
  for (const auto& [id, point] : points) {
    if (point.status != PointStatus::ok) continue;
    for (const auto& output : point.outputs) {
      const auto name = output.node + "." + output.port;
      if (output.value.kind() == Kind::string && wanted.count(name))
        values[name].insert(output.value.as_string());
    }
  }
  std::map<std::string, std::string> texts;
  for (const auto& [name, distinct] : values) {
    std::string joined;
    for (const auto& value : distinct) joined += (joined.empty() ? "" : "; ") + value;
    texts[std::string(kProvenanceOutputPrefix) + name] = joined;
  }
  return texts;
}

}  // namespace assay
