#include "run/running_nodes.hpp"

#include <algorithm>
#include <set>
#include <string_view>
#include <utility>

namespace assay {

RunningNodes::Scope::Scope(Scope&& other) noexcept
    : nodes_(std::exchange(other.nodes_, nullptr)), entry_(other.entry_) {}

RunningNodes::Scope::~Scope() {
  if (!nodes_) return;
  std::lock_guard lock(nodes_->mutex_);
  nodes_->entries_.erase(entry_);
}

RunningNodes::Scope RunningNodes::enter(const std::string& point, const std::string& node,
                                        const NodeContext& context) {
  std::lock_guard lock(mutex_);
  entries_.push_front({&point, &node, &context});
  return Scope(*this, entries_.begin());
}

RunningNodes::Sample RunningNodes::sample() const {
  Sample s;
  std::set<std::string_view> points;
  double sum = 0;
  std::lock_guard lock(mutex_);
  for (const auto& entry : entries_) {
    points.insert(*entry.point);
    const double reported = entry.context->reported_progress();
    if (reported < 0) continue;
    const double fraction = std::clamp(reported, 0.0, 1.0);  // plugins may overshoot
    sum += fraction;
    if (s.reporting++ == 0 || fraction < s.least) {
      s.least = fraction;
      s.least_point = *entry.point;
      s.least_node = *entry.node;
    }
  }
  s.points = points.size();
  s.nodes = entries_.size();
  s.mean = s.reporting ? sum / static_cast<double>(s.reporting) : 0;
  return s;
}

}  // namespace assay
