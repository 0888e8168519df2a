// Which record of a point counts when a result holds several (a resumed run, parts beside a
// consolidated file, overlapping shards): the later one, except that an "ok" record is never
// replaced by a failed or timed-out one, so a point once done stays done.
#pragma once

#include <cstddef>
#include <map>
#include <string>

#include "store/point_result.hpp"

namespace assay {

inline bool replaces(PointStatus earlier, PointStatus later) {
  return later == PointStatus::ok || earlier != PointStatus::ok;
}

struct RecordOrigin {
  std::size_t source = 0;  // position of the file in the sources, in precedence order
  PointStatus status = PointStatus::ok;
};

// The record that counts for each point id, as records are offered in source order.
class WinningRecords {
 public:
  void offer(const std::string& id, RecordOrigin origin) {
    const auto [it, added] = by_id_.try_emplace(id, origin);
    if (!added && replaces(it->second.status, origin.status)) it->second = origin;
  }
  const std::map<std::string, RecordOrigin>& by_id() const { return by_id_; }

 private:
  std::map<std::string, RecordOrigin> by_id_;
};

}  // namespace assay
