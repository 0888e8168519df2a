// Shared by the platform benchmarks: a registry with the bench and examples plugins, and a
// validated pipeline from TOML text.
#pragma once

#include <chrono>
#include <string>

#include "pipeline/pipeline.hpp"
#include "registry/plugin_registry.hpp"

namespace assay::bench {

inline void load_bench_plugins(PluginRegistry& registry) {
  registry.load(std::string(ASSAY_BUILD_PLUGIN_DIR) + "/examples.so");
  registry.load(std::string(ASSAY_BUILD_DIR) + "/bench/plugins/bench.so");
}

inline Pipeline validated(const std::string& toml, const PluginRegistry& registry) {
  auto pipeline = parse_pipeline_text(toml, "bench.toml");
  validate(pipeline, registry);
  return pipeline;
}

template <class F>
double seconds_of(F&& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace assay::bench
