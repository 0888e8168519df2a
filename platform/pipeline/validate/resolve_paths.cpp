#include <filesystem>

#include "pipeline/validate/validation_steps.hpp"
#include "registry/sha256.hpp"

namespace assay {

namespace {

namespace fs = std::filesystem;

// The file's canonical path, its digest recorded: a relative and an absolute spelling of
// one file are then one value, and the file's content, not its name, identifies the point.
void resolve_path(Pipeline& pipeline, Value& value, const SourcePos& pos, const std::string& key) {
  std::error_code error;
  const fs::path given = value.as_string();
  const auto canonical = fs::canonical(given, error);
  if (error || !fs::is_regular_file(canonical))
    throw SourceError(pos, key, "no such file: " + given.string(),
                      "relative paths are taken from the working directory (" +
                          fs::current_path().string() + ")");
  value = Value(canonical.string());
  auto& digest = pipeline.file_digests[canonical.string()];
  if (digest.empty()) digest = sha256_file(canonical);
}

}  // namespace

void resolve_paths(Pipeline& pipeline, const NodeMethods& methods) {
  for (auto& node : pipeline.nodes)
    for (const auto& spec : methods.at(node.name)->params) {
      if (spec.type != ParamType::path) continue;
      const std::string key = node.name + "." + spec.name;
      pipeline.path_params.insert(key);
      if (auto it = node.params.find(spec.name); it != node.params.end())
        resolve_path(pipeline, it->second.value, it->second.pos, "nodes." + key);
    }
  for (auto& axis : pipeline.axes)
    for (std::size_t k = 0; k < axis.keys.size(); ++k) {
      if (!pipeline.path_params.count(axis.keys[k])) continue;
      for (std::size_t i = 0; i < axis.steps.size(); ++i)
        resolve_path(pipeline, axis.steps[i][k], step_pos(axis, i, k), "sweep." + axis.keys[k]);
    }
}

}  // namespace assay
