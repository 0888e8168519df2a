#include <algorithm>

#include "pipeline/validate/validation_steps.hpp"

namespace assay {

namespace {

bool is_empty_list(const Value& value) {
  const auto k = value.kind();
  if (k == Kind::int_array) return value.as_int_array().shape == std::vector<std::size_t>{0};
  if (k == Kind::real_array) return value.as_real_array().shape == std::vector<std::size_t>{0};
  return false;
}

// The first value a sweep gives `node.param`, or nullptr when it is not swept.
const Value* first_swept_value(const Pipeline& pipeline, const std::string& key) {
  for (const auto& axis : pipeline.axes) {
    const auto k = std::find(axis.keys.begin(), axis.keys.end(), key);
    if (k != axis.keys.end() && !axis.steps.empty())
      return &axis.steps.front()[k - axis.keys.begin()];
  }
  return nullptr;
}

std::string describe_hint(const MethodInfo& method) {
  return "`assay describe " + method.id + "` lists its params";
}

void check_given(NodeSpec& node, const MethodInfo& method) {
  for (auto& [name, setting] : node.params) {
    const std::string key = "nodes." + node.name + "." + name;
    const auto* spec = find_param(method, name);
    if (!spec)
      throw SourceError(setting.pos, key, "unknown param of " + method.id,
                        did_you_mean(name, names_of(method.params)) + describe_hint(method));
    auto checked = check_param(*spec, setting.value);
    if (!checked.value)
      throw SourceError(setting.pos, key + checked.element, checked.error, describe_hint(method));
    setting.value = std::move(*checked.value);
  }
}

void fill_missing(NodeSpec& node, const MethodInfo& method, const Pipeline& pipeline) {
  for (const auto& spec : method.params) {
    if (node.params.count(spec.name)) continue;
    const std::string key = node.name + "." + spec.name;
    if (const auto* swept = first_swept_value(pipeline, key)) {
      node.params[spec.name] = {*swept, node.pos};
    } else if (spec.required()) {
      throw SourceError(node.pos, "nodes." + key,
                        "missing required param (" + describe_type(spec) + ")",
                        "add " + spec.name + " = ... to [nodes." + node.name + "] or sweep it");
    } else if (!spec.optional) {  // an unset optional param stays absent
      node.params[spec.name] = {spec.default_value, node.pos};
    }
  }
}

}  // namespace

ParamCheck check_param(const ParamSpec& spec, const Value& value) {
  if (spec.type == ParamType::real_matrix && is_empty_list(value))
    return {Value(RealArray{{0, 0}, {}}), {}, {}};
  return check_param_value(spec, value);
}

void resolve_params(Pipeline& pipeline, const NodeMethods& methods) {
  for (auto& node : pipeline.nodes) {
    const auto& method = *methods.find(node.name)->second;
    check_given(node, method);
    fill_missing(node, method, pipeline);
  }
}

}  // namespace assay
