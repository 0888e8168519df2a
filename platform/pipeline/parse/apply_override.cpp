// `--set` overrides: "node.param=value", "sweep.node.param=[...]", "sweep.replicates=N",
// "pipeline.seed=N". Values are TOML; a bare word that is not TOML is taken as a string.
#include <algorithm>
#include <regex>

#include "pipeline/parse/parse_sweep.hpp"
#include "pipeline/parse/toml_value.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/validate/pipeline_names.hpp"

namespace assay {

namespace {

const char* const kForms =
    "write node.param=value, sweep.node.param=[v1, v2], sweep.replicates=N or pipeline.seed=N";
const SourcePos kSetPos{"--set", 0, 0};

struct Assignment {
  std::string text;  // the whole assignment, the key of every error
  std::string key;
  std::string value;
};

std::string trimmed(std::string_view s) {
  const auto begin = s.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return {};
  return std::string(s.substr(begin, s.find_last_not_of(" \t") - begin + 1));
}

Assignment split_assignment(std::string_view text) {
  const auto eq = text.find('=');
  Assignment out{std::string(text), {}, {}};
  if (eq != std::string_view::npos) {
    out.key = trimmed(text.substr(0, eq));
    out.value = trimmed(text.substr(eq + 1));
  }
  if (out.key.empty() || out.value.empty())
    throw SourceError(kSetPos, out.text, "expected key=value", kForms);
  return out;
}

// The value as the only entry "v" of a table, so it keeps toml++'s types.
toml::table parse_value(const Assignment& a) {
  static const std::regex kBareWord(R"([^\s"'\[\]{},=#]+)");
  try {
    auto table = toml::parse("v = " + a.value, std::string_view("--set"));
    if (table.size() == 1) return table;
  } catch (const toml::parse_error& e) {
    if (std::regex_match(a.value, kBareWord)) return toml::table{{"v", a.value}};
    throw SourceError(
        kSetPos, a.text,
        "cannot read " + a.value + " as a TOML value (" + std::string(e.description()) + ")",
        "write TOML, e.g. 5, 2.5, true, \"text\" or [1, 2]");
  }
  throw SourceError(kSetPos, a.text, "more than one value", "give one value per --set");
}

void drop_from_sweep(Pipeline& pipeline, const std::string& key) {
  for (auto& axis : pipeline.axes) {
    const auto at = std::find(axis.keys.begin(), axis.keys.end(), key);
    if (at == axis.keys.end()) continue;
    const auto k = at - axis.keys.begin();
    axis.keys.erase(at);
    if (k < static_cast<std::ptrdiff_t>(axis.key_pos.size()))
      axis.key_pos.erase(axis.key_pos.begin() + k);
    for (auto& step : axis.steps) step.erase(step.begin() + k);
    for (auto& step : axis.step_pos)
      if (k < static_cast<std::ptrdiff_t>(step.size())) step.erase(step.begin() + k);
  }
  std::erase_if(pipeline.axes, [](const SweepAxis& axis) { return axis.keys.empty(); });
}

void set_param(Pipeline& pipeline, const Assignment& a, const toml::node& value) {
  const auto name = split_dotted(a.key);
  if (!name) throw SourceError(kSetPos, a.text, "expected node.param=value", kForms);
  const auto node = std::find_if(pipeline.nodes.begin(), pipeline.nodes.end(),
                                 [&](const NodeSpec& n) { return n.name == name->node; });
  if (node == pipeline.nodes.end()) {
    std::vector<std::string> names;
    for (const auto& n : pipeline.nodes) names.push_back(n.name);
    throw SourceError(kSetPos, a.text, "no node \"" + name->node + "\"",
                      did_you_mean(name->node, names) + kForms);
  }
  node->params[name->member] = {toml_to_value(value, {"--set", false}, a.text), kSetPos};
  drop_from_sweep(pipeline, a.key);
}

SweepAxis new_axis(const std::string& key, const SweepList& list) {
  SweepAxis axis{{key}, {}, kSetPos, {kSetPos}, {}, {list.draw}};
  for (const auto& v : list.values) {
    axis.steps.push_back({v});
    axis.step_pos.push_back({kSetPos});
  }
  return axis;
}

// A zipped key keeps its place in the zip: its new list must be as long as the others.
void replace_zipped(SweepAxis& axis, std::size_t k, const Assignment& a, const SweepList& list) {
  const auto steps = axis.steps.size();
  if (list.values.size() != steps)
    throw SourceError(kSetPos, a.text,
                      "\"" + axis.keys[k] + "\" is zipped with other keys of " +
                          std::to_string(steps) + " values",
                      "give " + std::to_string(steps) + " values");
  axis.key_pos.resize(axis.keys.size(), axis.pos);
  axis.key_pos[k] = kSetPos;
  axis.draws.resize(axis.keys.size());
  axis.draws[k] = list.draw;
  axis.step_pos.resize(steps);
  for (std::size_t i = 0; i < steps; ++i) {
    axis.steps[i][k] = list.values[i];
    axis.step_pos[i].resize(axis.keys.size(), axis.pos);
    axis.step_pos[i][k] = kSetPos;
  }
}

void set_axis(Pipeline& pipeline, const Assignment& a, const std::string& key,
              const SweepList& list) {
  for (auto& axis : pipeline.axes) {
    const auto at = std::find(axis.keys.begin(), axis.keys.end(), key);
    if (at == axis.keys.end()) continue;
    if (axis.keys.size() == 1)
      axis = new_axis(key, list);
    else
      replace_zipped(axis, static_cast<std::size_t>(at - axis.keys.begin()), a, list);
    return;
  }
  pipeline.axes.push_back(new_axis(key, list));
}

void set_sweep(Pipeline& pipeline, const Assignment& a, const toml::node& value) {
  const TomlOrigin origin{"--set", false};
  const auto member = a.key.substr(std::string_view("sweep.").size());
  if (member == "replicates") {
    pipeline.replicates = read_replicates(value, origin, a.text);
    return;
  }
  if (!split_dotted(member))
    throw SourceError(kSetPos, a.text, "expected sweep.node.param=[values]", kForms);
  set_axis(pipeline, a, member, read_sweep_list(value, origin, a.text));
}

void set_seed(Pipeline& pipeline, const Assignment& a, const toml::node& value) {
  if (a.key != "pipeline.seed")
    throw SourceError(kSetPos, a.text, "only the seed of [pipeline] can be set", kForms);
  const auto* seed = value.as_integer();
  if (!seed || seed->get() < 0)
    throw SourceError(kSetPos, a.text, "expected a non-negative integer seed", kForms);
  pipeline.seed = static_cast<std::uint64_t>(seed->get());
}

}  // namespace

void apply_override(Pipeline& pipeline, std::string_view assignment) {
  const auto a = split_assignment(assignment);
  const auto table = parse_value(a);
  const auto& value = *table.get("v");
  if (a.key.starts_with("sweep."))
    set_sweep(pipeline, a, value);
  else if (a.key.starts_with("pipeline."))
    set_seed(pipeline, a, value);
  else
    set_param(pipeline, a, value);
}

}  // namespace assay
