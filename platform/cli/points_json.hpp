// JSON documents of points: `assay show --json`, `merge --json` and `run --dry-run --json`
// (README, "The command line", lists their shapes).
#pragma once

#include <cstddef>
#include <filesystem>

#include "cli/json_output.hpp"
#include "pipeline/plan/sweep_plan.hpp"
#include "store/result_store.hpp"

namespace assay {

// One stored point: id, status, replicate, seed, swept values, scalar outputs, wall time,
// error, where its nodes came from, and its log lines.
Json point_json(const PointResult& point);

// The result's description and counts, without its points.
Json result_summary_json(const std::filesystem::path& file, const ResultSet& results);

// The summary of the whole result with the page's points.
Json results_json(const std::filesystem::path& file, const ResultPage& page);

// The plan: nodes with their params (each marked swept or not), axes and every point.
Json plan_json(const Pipeline& pipeline, const SweepPlan& plan);

}  // namespace assay
