// NodeSource: somewhere a node's outputs may already be stored under their lineage key, such as
// an older result file given to `assay run --reuse`.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "assay/value.hpp"

namespace assay {

class NodeSource {
 public:
  virtual ~NodeSource() = default;
  // The outputs stored under `key` (port -> value), or nothing. Called from worker threads.
  virtual std::optional<std::vector<std::pair<std::string, Value>>> find(
      const std::string& key) const = 0;
  // How a point records where the outputs came from, e.g. the file's path.
  virtual const std::string& name() const = 0;
};

}  // namespace assay
