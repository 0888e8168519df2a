#include <map>
#include <stdexcept>

#include "pipeline/validate/pipeline_names.hpp"
#include "pipeline/validate/validation_steps.hpp"

namespace assay {

SourcePos key_pos(const SweepAxis& axis, std::size_t k) {
  return k < axis.key_pos.size() ? axis.key_pos[k] : axis.pos;
}

SourcePos step_pos(const SweepAxis& axis, std::size_t i, std::size_t k) {
  if (i < axis.step_pos.size() && k < axis.step_pos[i].size()) return axis.step_pos[i][k];
  return key_pos(axis, k);
}

namespace {

struct SweptParam {
  const MethodInfo& method;
  const ParamSpec& spec;
};

SweptParam swept_param(const Pipeline& pipeline, const SweepAxis& axis, std::size_t k,
                       const NodeMethods& methods) {
  const auto& key = axis.keys[k];
  const auto name = split_dotted(key);
  if (!name)  // parse_sweep and apply_override admit only "node.param" keys
    throw std::logic_error("sweep key \"" + key + "\" is not \"node.param\"");
  const auto method = methods.find(name->node);
  if (method == methods.end())
    throw SourceError(key_pos(axis, k), "sweep." + key, "no node \"" + name->node + "\"",
                      did_you_mean(name->node, node_names(pipeline)) +
                          "sweep keys are \"node.param\" of a node in [nodes]");
  const auto* spec = find_param(*method->second, name->member);
  if (!spec)
    throw SourceError(key_pos(axis, k), "sweep." + key,
                      method->second->id + " has no param \"" + name->member + "\"",
                      did_you_mean(name->member, names_of(method->second->params)) +
                          "`assay describe " + method->second->id + "` lists its params");
  return {*method->second, *spec};
}

void canonicalise(SweepAxis& axis, std::size_t k, const SweptParam& param) {
  const auto n = axis.steps.size();
  for (std::size_t i = 0; i < n; ++i) {
    auto checked = check_param(param.spec, axis.steps[i][k]);
    if (!checked.value)
      throw SourceError(step_pos(axis, i, k), "sweep." + axis.keys[k],
                        "value " + std::to_string(i + 1) + " of " + std::to_string(n) +
                            (checked.element.empty() ? "" : ", element " + checked.element) + ": " +
                            checked.error,
                        "`assay describe " + param.method.id + "` lists its params");
    axis.steps[i][k] = std::move(*checked.value);
  }
}

// Two equal steps would plan two points with one id, of which only one can be stored.
void check_distinct(const SweepAxis& axis) {
  std::map<std::string, std::size_t> first_step;
  for (std::size_t i = 0; i < axis.steps.size(); ++i) {
    std::string text;
    for (const auto& value : axis.steps[i]) text += to_text(value) + "\n";
    const auto [seen, inserted] = first_step.emplace(text, i);
    if (inserted) continue;
    const std::string values = axis.keys.size() == 1 ? to_text(axis.steps[i][0]) : "a zipped step";
    throw SourceError(step_pos(axis, i, 0), "sweep." + axis.keys[0],
                      "value " + std::to_string(i + 1) + " (" + values + ") repeats value " +
                          std::to_string(seen->second + 1),
                      "each value of an axis is one point; use replicates to repeat a point");
  }
}

}  // namespace

// The sweep's shape (non-empty lists, "node.param" keys each swept once, zipped lists of equal
// lengths, replicates >= 1) is checked where axes are made: parse_sweep and apply_override.
void resolve_sweep(Pipeline& pipeline, const NodeMethods& methods) {
  for (auto& axis : pipeline.axes) {
    for (std::size_t k = 0; k < axis.keys.size(); ++k)
      canonicalise(axis, k, swept_param(pipeline, axis, k, methods));
    check_distinct(axis);
  }
}

}  // namespace assay
