#include "cli/plan_summary.hpp"

#include <algorithm>
#include <unordered_set>

namespace assay {

namespace {
// Beyond this, --dry-run does not walk the whole plan to count distinct node lineages.
constexpr std::size_t kCountedPlanSize = 1'000'000;
}  // namespace

std::vector<std::size_t> distinct_lineages(const Pipeline& pipeline, const SweepPlan& plan) {
  if (plan.size() > kCountedPlanSize) return {};
  std::vector<std::unordered_set<std::string>> keys(pipeline.nodes.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const auto point = plan.point(i);
    for (std::size_t n = 0; n < keys.size(); ++n) keys[n].insert(point.lineage[n].key);
  }
  std::vector<std::size_t> counts;
  for (const auto& k : keys) counts.push_back(k.size());
  return counts;
}

std::vector<Value> SweptParam::values() const {
  std::vector<Value> values;
  for (const auto& step : axis->steps) values.push_back(step[key]);
  return values;
}

std::vector<std::string> SweptParam::zipped_with() const {
  std::vector<std::string> others = axis->keys;
  others.erase(others.begin() + static_cast<std::ptrdiff_t>(key));
  return others;
}

std::optional<SweptParam> swept_param(const Pipeline& pipeline, const std::string& node,
                                      const std::string& param) {
  const auto key = node + "." + param;
  for (const auto& axis : pipeline.axes) {
    const auto at = std::find(axis.keys.begin(), axis.keys.end(), key);
    if (at != axis.keys.end())
      return SweptParam{&axis, static_cast<std::size_t>(at - axis.keys.begin())};
  }
  return std::nullopt;
}

}  // namespace assay
