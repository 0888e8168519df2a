#include "pipeline/plan/params_text.hpp"

namespace assay {

std::string identity_text(const Pipeline& pipeline, const std::string& node,
                          const std::string& name, const Value& value) {
  if (pipeline.path_params.empty() || !pipeline.path_params.count(node + "." + name))
    return to_text(value);
  return "file:" + pipeline.file_digests.at(value.as_string());
}

void ParamsText::add(const Pipeline& pipeline, const std::string& prefix, const std::string& node,
                     const std::string& name, const Value& value, bool swept) {
  if (swept) {
    swept_.push_back({prefix, node, name});
    fixed_.emplace_back();
    return;
  }
  fixed_.back().append(prefix).append(name).append("=");
  fixed_.back().append(identity_text(pipeline, node, name, value)).append("\n");
}

void ParamsText::append_to(std::string& text, const Pipeline& pipeline,
                           const PointParams& params) const {
  for (std::size_t i = 0; i < swept_.size(); ++i) {
    const auto& line = swept_[i];
    text.append(fixed_[i]).append(line.prefix).append(line.name).append("=");
    text.append(identity_text(pipeline, line.node, line.name, params.at(line.node).at(line.name)));
    text.append("\n");
  }
  text.append(fixed_.back());
}

}  // namespace assay
