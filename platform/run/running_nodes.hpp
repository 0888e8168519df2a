// RunningNodes: the nodes being computed right now, so that the progress line can say how far
// the running points have got. A node is entered for the span of its run; the writer thread
// samples the fractions the nodes report through Context::progress, which stays one relaxed
// atomic store: the lock here is taken once per node start and end and per sample, never by
// progress().
#pragma once

#include <cstddef>
#include <list>
#include <mutex>
#include <string>

#include "run/node_context.hpp"

namespace assay {

class RunningNodes {
 public:
  struct Entry {
    const std::string* point;
    const std::string* node;
    const NodeContext* context;
  };

  // What the running nodes report, at one moment.
  struct Sample {
    std::size_t points = 0;     // points with a node running
    std::size_t nodes = 0;      // nodes running
    std::size_t reporting = 0;  // running nodes that have called progress()
    double mean = 0;            // mean fraction over the reporting nodes
    double least = 0;           // the least-advanced reporting node's fraction ...
    std::string least_point;    // ... its point id
    std::string least_node;     // ... and node name
  };

  // Leaves the registry when destroyed; the entered strings and context must outlive it.
  class Scope {
   public:
    Scope() = default;
    Scope(RunningNodes& nodes, std::list<Entry>::iterator entry) : nodes_(&nodes), entry_(entry) {}
    Scope(Scope&& other) noexcept;
    Scope& operator=(Scope&&) = delete;
    ~Scope();

   private:
    RunningNodes* nodes_ = nullptr;
    std::list<Entry>::iterator entry_;
  };

  Scope enter(const std::string& point, const std::string& node, const NodeContext& context);
  Sample sample() const;

 private:
  mutable std::mutex mutex_;
  std::list<Entry> entries_;
};

}  // namespace assay
