// One sweep point in the result layout (DESIGN.md): the group /points/<id> with attributes for
// every swept param ("node.param"), replicate, seed, status, error and wall_s, and one group per
// node holding one dataset per output port.
#pragma once

#include <string>
#include <vector>

#include "store/dataset_layout.hpp"
#include "store/point_result.hpp"
#include "store/store_types.hpp"

namespace assay {

void write_point_group(hid_t points, const PointResult& point, const StoreTypes& types,
                       const DatasetLayouts& layouts);

// Reads /points/<id>; swept params come back in `swept_keys` order. With `scalars_only`, array
// and table outputs are skipped: what /index needs, without reading the bulk of the data.
PointResult read_point_group(hid_t points, const std::string& id,
                             const std::vector<std::string>& swept_keys, const StoreTypes& types,
                             bool scalars_only);

}  // namespace assay
