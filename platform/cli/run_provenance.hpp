// The provenance a result file records about the run that produced it.
#pragma once

#include <string>

#include "pipeline/pipeline.hpp"
#include "pipeline/plan/sweep_plan.hpp"
#include "registry/plugin_registry.hpp"
#include "store/result_store.hpp"

namespace assay {

RunInfo make_run_info(const Pipeline& pipeline, const SweepPlan& plan,
                      const PluginRegistry& registry, const std::string& command);

std::string utc_now_iso8601();

}  // namespace assay
