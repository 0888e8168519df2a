#include "run/node_cache.hpp"

#include <chrono>
#include <variant>

#include "assay/error.hpp"

namespace assay {

namespace {

// What a value holds, roughly: enough to keep the cache's memory bounded.
std::size_t value_bytes(const Value& value) {
  switch (value.kind()) {
    case Kind::string:
      return value.as_string().size();
    case Kind::real_array:
      return value.as_real_array().data.size() * sizeof(double);
    case Kind::int_array:
      return value.as_int_array().data.size() * sizeof(std::int64_t);
    case Kind::float_array:
      return value.as_float_array().data.size() * sizeof(float);
    case Kind::record: {
      std::size_t bytes = 0;
      for (const auto& field : value.as_record().values) bytes += value_bytes(field);
      return bytes;
    }
    case Kind::table: {
      std::size_t bytes = 0;
      for (const auto& column : value.as_table().columns)
        std::visit([&](const auto& c) { bytes += c.size() * sizeof(c[0]); }, column);
      return bytes;
    }
    default:
      return sizeof(Value);
  }
}

std::size_t outputs_bytes(const NodeOutputs& outputs) {
  std::size_t bytes = 0;
  for (const auto& [port, value] : outputs) bytes += port.size() + value_bytes(value);
  return bytes;
}

}  // namespace

NodeCache::NodeCache(std::vector<const NodeSource*> sources, CacheLimits limits)
    : sources_(std::move(sources)), limits_(limits) {}

NodeCache::Claim NodeCache::claim(const std::string& key, const StopSignals& stop) {
  std::unique_lock lock(mutex_);
  for (auto it = entries_.find(key); it != entries_.end(); it = entries_.find(key)) {
    if (it->second.outputs) {
      recency_.splice(recency_.begin(), recency_, it->second.recency);
      return {it->second.outputs, it->second.origin};
    }
    // The signal handler cannot wake us: look at the stop signals every 50 ms.
    if (stop.must_stop())
      throw Error("stopped while waiting for another point computing this node");
    finished_.wait_for(lock, std::chrono::milliseconds(50));
  }
  entries_.emplace(key, Entry{});  // in flight: ours to read or compute
  lock.unlock();
  for (const auto* source : sources_) {
    auto found = source->find(key);
    if (!found) continue;
    const std::string origin = "reused " + source->name();
    return {fulfil(key, std::move(*found), origin), origin};
  }
  return {};
}

std::shared_ptr<const NodeOutputs> NodeCache::fulfil(const std::string& key, NodeOutputs outputs,
                                                     const std::string& origin) {
  auto shared = std::make_shared<const NodeOutputs>(std::move(outputs));
  {
    std::lock_guard lock(mutex_);
    auto& entry = entries_[key];
    entry.outputs = shared;
    entry.origin = origin;
    entry.bytes = outputs_bytes(*shared);
    bytes_ += entry.bytes;
    recency_.push_front(key);
    entry.recency = recency_.begin();
    evict();
  }
  finished_.notify_all();
  return shared;
}

void NodeCache::abandon(const std::string& key) {
  {
    std::lock_guard lock(mutex_);
    entries_.erase(key);
  }
  finished_.notify_all();
}

// The entry just finished (at the front) stays even when it alone is over the budget.
void NodeCache::evict() {
  while (recency_.size() > 1 && (recency_.size() > limits_.entries || bytes_ > limits_.bytes)) {
    const auto it = entries_.find(recency_.back());
    bytes_ -= it->second.bytes;
    entries_.erase(it);
    recency_.pop_back();
  }
}

}  // namespace assay
