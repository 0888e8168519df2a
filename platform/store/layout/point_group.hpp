// One sweep point in the result layout (README "Result files"): the group /points/<id> with
// attributes for every swept param ("node.param"), replicate, seed, status, error, wall_s (and log,
// when its nodes logged something), and "nodes": one row per node with outputs, (node, lineage key,
// where it came from); and one group per node holding one dataset per output port, which is a hard
// link to /nodes/<key> when another point shares the node (node_groups.hpp). Format 2 files, read
// here too, had two attributes per node, "node_key:<node>" and "node_origin:<node>".
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "store/encoding/dataset_layout.hpp"
#include "store/encoding/store_types.hpp"
#include "store/layout/node_groups.hpp"
#include "store/point_result.hpp"

namespace assay {

// Writes the point; a node's outputs are written the first time the file sees its key.
void write_point_group(hid_t points, NodeGroups& nodes, const PointResult& point,
                       const StoreTypes& types, const DatasetLayouts& layouts);

// The group /points/<id> with the point's attributes, and no node links yet.
H5Group create_point_group(hid_t points, const PointResult& point, const StoreTypes& types);

// Reads /points/<id>; swept params come back in `swept_keys` order. With `scalars_only`, array
// and table outputs are skipped: what /index needs, without reading the bulk of the data.
PointResult read_point_group(hid_t points, const std::string& id,
                             const std::vector<std::string>& swept_keys, const StoreTypes& types,
                             bool scalars_only);

// A node group's attribute listing the outputs its pipeline's `store` left out (none when
// absent): such a group does not hold the node whole.
inline constexpr const char* kUnstoredAttribute = "unstored";
std::vector<std::string> read_unstored_outputs(hid_t node_group, const StoreTypes& types);

// The outputs in a node's group (/nodes/<key>), port -> value, in port order.
std::vector<std::pair<std::string, Value>> read_node_outputs(hid_t node_group,
                                                             const StoreTypes& types,
                                                             bool scalars_only);

}  // namespace assay
