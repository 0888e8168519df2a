#include "pipeline/plan/sweep_plan.hpp"

#include <limits>
#include <map>
#include <set>
#include <stdexcept>

#include "assay/context.hpp"
#include "pipeline/plan/stable_hash.hpp"
#include "pipeline/validate/pipeline_names.hpp"

namespace assay {

namespace {

std::size_t plan_size(const Pipeline& pipeline) {
  std::size_t size = static_cast<std::size_t>(pipeline.replicates);
  for (const auto& axis : pipeline.axes) {
    const auto n = axis.steps.size();
    if (n != 0 && size > std::numeric_limits<std::size_t>::max() / n)
      throw SourceError(axis.pos, "sweep." + axis.keys.front(),
                        "the sweep has too many points with this axis (more than 2^64)",
                        "shorten the lists or split the sweep");
    size *= n;
  }
  return size;
}

std::string fingerprint_text(const Pipeline& pipeline) {
  std::string text = resolved_toml(pipeline);
  for (const auto& node : pipeline.nodes)
    text += "# " + node.name + ": " + node.method + " " + node.method_version + "\n";
  return text;
}

}  // namespace

SweepPlan::SweepPlan(const Pipeline& validated)
    : pipeline_(&validated),
      size_(plan_size(validated)),
      fingerprint_(hex16(stable_hash(fingerprint_text(validated)))) {
  for (const auto& axis : validated.axes)
    swept_keys_.insert(swept_keys_.end(), axis.keys.begin(), axis.keys.end());
  const std::set<std::string> swept(swept_keys_.begin(), swept_keys_.end());
  // The id's text lists nodes by name (as PlannedPoint::params orders them), lineage by node.
  std::map<std::string, const NodeSpec*> by_name;
  for (const auto& node : validated.nodes) by_name[node.name] = &node;
  for (const auto& [name, node] : by_name)
    for (const auto& [param, setting] : node->params)
      id_text_.add(validated, name + ".", name, param, setting.value,
                   swept.count(name + "." + param) > 0);
  std::map<std::string, std::size_t> index;
  for (const auto& node : validated.nodes) {
    auto& text = lineage_text_.emplace_back();
    for (const auto& [param, setting] : node.params)
      text.add(validated, "", node.name, param, setting.value,
               swept.count(node.name + "." + param) > 0);
    auto& inputs = inputs_.emplace_back();
    for (const auto& [port, link] : node.inputs)
      inputs.push_back({port, {index.at(link.node), link.port}});
    const auto at = index.size();
    index[node.name] = at;
  }
}

void SweepPlan::add_lineage(PlannedPoint& point) const {
  const auto& nodes = pipeline_->nodes;
  point.lineage.reserve(nodes.size());
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    const auto& node = nodes[n];
    std::string text = "method=" + node.method + " " + node.method_version + "\n";
    lineage_text_[n].append_to(text, *pipeline_, point.params);
    for (const auto& [port, from] : inputs_[n])
      text.append("input.")
          .append(port)
          .append("=")
          .append(point.lineage[from.first].key)
          .append(".")
          .append(from.second)
          .append("\n");
    text += "seed=" + std::to_string(pipeline_->seed) + "\n";
    if (!node.shared_across_replicates) text += "replicate=" + std::to_string(point.replicate);
    const auto hash = stable_hash128(text);
    point.lineage.push_back({hex32(hash), derive_seed(hash.high, hash.low)});
  }
}

// Independent of file layout and of the point's index: only what the point computes with.
std::string SweepPlan::point_id(const PlannedPoint& point) const {
  std::string text;
  id_text_.append_to(text, *pipeline_, point.params);
  text += "replicate=" + std::to_string(point.replicate) + "\n";
  return hex16(stable_hash(text));
}

PlannedPoint SweepPlan::point(std::size_t index) const {
  if (index >= size_)
    throw std::out_of_range("sweep point " + std::to_string(index) + " of " +
                            std::to_string(size_));
  PlannedPoint p;
  p.index = index;
  const auto replicates = static_cast<std::size_t>(pipeline_->replicates);
  p.replicate = static_cast<std::int64_t>(index % replicates);
  for (const auto& node : pipeline_->nodes) {
    auto& params = p.params[node.name];  // present even when the node has no params
    for (const auto& [name, setting] : node.params) params[name] = setting.value;
  }
  std::size_t rest = index / replicates;
  std::vector<std::pair<std::string, Value>> swept;  // built last axis first
  for (auto axis = pipeline_->axes.rbegin(); axis != pipeline_->axes.rend(); ++axis) {
    const auto& step = axis->steps[rest % axis->steps.size()];
    rest /= axis->steps.size();
    for (auto k = axis->keys.size(); k-- > 0;) {
      const auto name = split_dotted(axis->keys[k]);
      p.params[name->node][name->member] = step[k];
      swept.emplace_back(axis->keys[k], step[k]);
    }
  }
  p.swept.assign(swept.rbegin(), swept.rend());
  p.id = point_id(p);
  p.seed = derive_seed(pipeline_->seed, stable_hash(p.id));
  add_lineage(p);
  return p;
}

}  // namespace assay
