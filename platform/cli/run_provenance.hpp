// The provenance a result file records about the run that produced it.
#pragma once

#include <string>

#include "pipeline/pipeline.hpp"
#include "pipeline/plan/sweep_plan.hpp"
#include "registry/plugin_registry.hpp"
#include "store/result_store.hpp"

namespace assay {

// `jobs`: the worker threads the run was given (0: all cores), recorded with the machine's CPU
// model and, under Slurm, the job and array task, so a timing can be read with what ran it.
RunInfo make_run_info(const Pipeline& pipeline, const SweepPlan& plan,
                      const PluginRegistry& registry, const std::string& command, std::size_t jobs);

std::string utc_now_iso8601();

}  // namespace assay
