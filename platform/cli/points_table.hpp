// Text tables of points: `assay show`, the end of `assay run`, and `--dry-run` plans.
#pragma once

#include <cstddef>
#include <ostream>

#include "pipeline/plan/sweep_plan.hpp"
#include "store/result_store.hpp"

namespace assay {

// Header (pipeline, date, counts by status) and up to `limit` rows: id, status, swept
// params, scalar outputs, wall time, error.
void print_results(const ResultSet& results, std::size_t limit, std::ostream& out);
// The same of a page: its rows, and the header and counts of the whole result.
void print_results(const ResultPage& page, std::ostream& out);

// Nodes with their resolved params (a swept one with its axis values), then up to `limit`
// points with their swept values.
void print_plan(const Pipeline& pipeline, const SweepPlan& plan, std::size_t limit,
                std::ostream& out);

}  // namespace assay
