// NodeContext: the host's side of assay::Context for one node of one point.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "assay/context.hpp"
#include "assay/method.hpp"

namespace assay {

// Why a running point should stop; shared by the nodes of the point.
struct StopSignals {
  const std::atomic<bool>* interrupt = nullptr;  // Ctrl-C: the whole run stops
  std::atomic<bool> point_failed{false};         // a sibling node failed
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();

  bool deadline_passed() const { return std::chrono::steady_clock::now() > deadline; }
  bool interrupted() const { return interrupt && interrupt->load(std::memory_order_relaxed); }
  // Any reason at all: what a running node polls through Context::cancelled().
  bool must_stop() const {
    return interrupted() || point_failed.load(std::memory_order_relaxed) || deadline_passed();
  }
};

class NodeContext final : public Context {
 public:
  using LogSink = std::function<void(std::string_view)>;

  NodeContext(const MethodInfo& info, const std::map<std::string, Value>& params,
              std::vector<std::pair<std::string, const Value*>> inputs, std::uint64_t seed,
              StopSignals& stop, const LogSink& log);

  std::string_view method_id() const override { return info_.id; }
  bool has_param(std::string_view name) const override;
  const Value& param_value(std::string_view name) const override;
  bool has_input(std::string_view name) const override;
  const Value& input_value(std::string_view name) const override;
  void output_value(std::string_view name, Value value) override;
  std::uint64_t seed() const override { return seed_; }
  void progress(double fraction) override { progress_.store(fraction, std::memory_order_relaxed); }
  bool cancelled() const override;
  void log(std::string_view message) override;
  RealArray read_hdf5_dataset(std::string_view file, std::string_view dataset) const override;
  // The fraction last given to progress(), or -1 while the node has given none.
  double reported_progress() const { return progress_.load(std::memory_order_relaxed); }

  // Outputs in the method's declaration order; throws assay::Error naming a missing one
  // that is not optional.
  std::vector<std::pair<std::string, Value>> take_outputs();

 private:
  const MethodInfo& info_;
  const std::map<std::string, Value>& params_;
  std::vector<std::pair<std::string, const Value*>> inputs_;
  std::vector<std::pair<std::string, Value>> outputs_;
  std::uint64_t seed_;
  StopSignals& stop_;
  const LogSink& log_;
  std::atomic<double> progress_{-1};
};

}  // namespace assay
