// NodeCache: the outputs of the nodes of a run by lineage key (sweep_plan.hpp), so that points
// sharing a node compute it once. A point that needs a key another point is computing waits for
// it rather than computing it again; a key found in an older result (`--reuse`) is read from
// there. Finished entries are kept up to a count and a byte budget, least recently used dropped
// first: a dropped key is computed again if a later point needs it, which costs time only,
// since a node's outputs are a function of its key.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "assay/value.hpp"
#include "run/node_context.hpp"
#include "store/layout/node_source.hpp"

namespace assay {

using NodeOutputs = std::vector<std::pair<std::string, Value>>;  // port -> value, declared order

struct CacheLimits {
  std::size_t entries = 4096;
  std::size_t bytes = std::size_t{512} << 20;
};

class NodeCache {
 public:
  explicit NodeCache(std::vector<const NodeSource*> sources = {}, CacheLimits limits = {});

  struct Claim {
    std::shared_ptr<const NodeOutputs> outputs;  // empty: the caller computes the key
    std::string origin;  // "shared" (computed by another point) or "reused <file>"
  };
  // The outputs of `key` if they are known or being computed (then it waits for them); else
  // the caller must compute them and then fulfil() or abandon() the key. Throws Error when
  // `stop` asks the point to stop while it waits.
  Claim claim(const std::string& key, const StopSignals& stop);
  // Publishes the outputs of a claimed key to the points waiting for it and to later ones, which
  // report `origin` for it.
  std::shared_ptr<const NodeOutputs> fulfil(const std::string& key, NodeOutputs outputs,
                                            const std::string& origin = "shared");
  // The caller could not compute the key: one waiting point takes the computation over.
  void abandon(const std::string& key);

 private:
  struct Entry {
    std::shared_ptr<const NodeOutputs> outputs;  // empty while being computed
    std::string origin;
    std::size_t bytes = 0;
    std::list<std::string>::iterator recency;
  };
  void evict();

  std::vector<const NodeSource*> sources_;
  CacheLimits limits_;
  std::mutex mutex_;
  std::condition_variable finished_;
  std::unordered_map<std::string, Entry> entries_;
  std::list<std::string> recency_;  // finished keys, most recently used first
  std::size_t bytes_ = 0;
};

}  // namespace assay
