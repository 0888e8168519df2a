// The outputs methods declare as provenance (PortSpec::provenance: a content digest, a data
// version) gathered over a result's points into /provenance, so a result says which data its
// points saw without reading every point: "output:<node>.<port>" -> the distinct values.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "store/point_result.hpp"
#include "store/result_store.hpp"

namespace assay {

// For each "node.port" of `names`, the distinct string values its ok points produced, sorted,
// joined by "; " (a node swept over two corpora lists both digests); names no point produced
// are left out.
std::map<std::string, std::string> provenance_output_texts(
    const std::vector<std::string>& names, const std::map<std::string, PointResult>& points);

}  // namespace assay
