#include <map>
#include <set>

#include "pipeline/pipeline_names.hpp"
#include "pipeline/validation_steps.hpp"

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
  if (!name)
    throw SourceError(key_pos(axis, k), "sweep." + key, "a sweep key must be \"node.param\"",
                      "name a param of a node in [nodes]");
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

void check_shape(const Pipeline& pipeline, const SweepAxis& axis, std::set<std::string>& seen) {
  const SourcePos pos = axis.keys.empty() ? SourcePos{pipeline.file} : key_pos(axis, 0);
  const std::string key = "sweep." + (axis.keys.empty() ? std::string() : axis.keys.front());
  if (axis.keys.empty() || axis.steps.empty())
    throw SourceError(pos, key, "empty sweep list", "give at least one value, or remove the key");
  for (std::size_t k = 0; k < axis.keys.size(); ++k)
    if (!seen.insert(axis.keys[k]).second)
      throw SourceError(key_pos(axis, k), "sweep." + axis.keys[k], "swept twice",
                        "keep one list for each key");
  for (const auto& step : axis.steps)
    if (step.size() != axis.keys.size())
      throw SourceError(pos, key, "zipped lists of unequal lengths",
                        "zipped lists advance together: give them equal lengths");
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

void resolve_sweep(Pipeline& pipeline, const NodeMethods& methods) {
  if (pipeline.replicates < 1)
    throw SourceError({pipeline.file}, "sweep.replicates",
                      "expected an integer >= 1, got " + std::to_string(pipeline.replicates),
                      "replicates is how often each point runs, each time with its own seed");
  std::set<std::string> seen;
  for (auto& axis : pipeline.axes) {
    check_shape(pipeline, axis, seen);
    for (std::size_t k = 0; k < axis.keys.size(); ++k)
      canonicalise(axis, k, swept_param(pipeline, axis, k, methods));
    check_distinct(axis);
  }
}

}  // namespace assay
