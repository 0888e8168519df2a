#include "store/layout/point_group.hpp"

#include <algorithm>
#include <cstring>

#include "assay/error.hpp"
#include "store/encoding/value_encoding.hpp"
#include "store/hdf5/attribute_io.hpp"
#include "store/hdf5/group_links.hpp"

namespace assay {

namespace {
constexpr const char* kNodesAttribute = "nodes";  // rows of node, key, origin
// Format 2 stored a node's record as two attributes.
const std::string kKeyPrefix = "node_key:";
const std::string kOriginPrefix = "node_origin:";
constexpr const char* kLogAttribute = "log";  // no "node.param" key: those have a '.'

// Only points whose nodes logged carry the attribute.
void write_point_log(hid_t group, const PointResult& point, const StoreTypes& types) {
  if (!point.log.empty()) write_value_attribute(group, kLogAttribute, Value(point.log), types);
}

void write_point_attributes(hid_t group, const PointResult& point, const StoreTypes& types) {
  for (const auto& [key, value] : point.swept)
    write_value_attribute(group, key.c_str(), value, types);
  write_value_attribute(group, "replicate", Value(point.replicate), types);
  write_uint64_attribute(group, "seed", point.seed, types);
  write_uint64_attribute(group, "sweep_index", point.sweep_index, types);
  write_value_attribute(group, "status", Value(std::string(status_name(point.status))), types);
  write_value_attribute(group, "error", Value(point.error), types);
  write_value_attribute(group, "wall_s", Value(point.wall_s), types);
  write_point_log(group, point, types);
  if (point.nodes.empty()) return;
  // One attribute for all node records: each attribute is an object header message, and the
  // writer's time per point is mostly HDF5's per-object work.
  std::vector<std::string> rows;
  for (const auto& record : point.nodes)
    rows.insert(rows.end(), {record.node, record.key, record.origin});
  write_string_rows_attribute(group, kNodesAttribute, rows, 3);
}

void read_node_rows(hid_t attribute, const StoreTypes& types, PointResult& point) {
  const auto rows = read_string_list(attribute, types);
  if (rows.size() % 3 != 0) throw Error("damaged node records of point '" + point.id + "'");
  for (std::size_t i = 0; i < rows.size(); i += 3)
    point.nodes.push_back({rows[i], rows[i + 1], rows[i + 2]});
}

// The node records of format 2, "node_key:<node>" and "node_origin:<node>"; a node name has no
// ':'.
bool read_node_attribute(const char* name, Value& value, PointResult& point) {
  const std::string text = name;
  const bool key = text.starts_with(kKeyPrefix), origin = text.starts_with(kOriginPrefix);
  if (!key && !origin) return false;
  const auto node = text.substr(key ? kKeyPrefix.size() : kOriginPrefix.size());
  auto it = std::find_if(point.nodes.begin(), point.nodes.end(),
                         [&](const NodeRecord& r) { return r.node == node; });
  if (it == point.nodes.end()) it = point.nodes.insert(point.nodes.end(), {node, "", ""});
  (key ? it->key : it->origin) = value.as_string();
  return true;
}

// Outputs arrive grouped by node; a node seen again later reuses its group.
hid_t node_group(hid_t point, const std::string& node, const StoreTypes& types,
                 std::vector<std::pair<std::string, H5Group>>& open) {
  for (const auto& [name, group] : open)
    if (name == node) return group.get();
  open.emplace_back(node, H5Group(H5Gcreate2(point, node.c_str(), H5P_DEFAULT,
                                             types.group_creation.get(), H5P_DEFAULT),
                                  "create node group '" + node + "'"));
  return open.back().second.get();
}

void read_point_attribute(const char* name, hid_t attribute, const StoreTypes& types,
                          PointResult& point) {
  if (std::strcmp(name, "seed") == 0) {
    h5_check(H5Aread(attribute, H5T_NATIVE_UINT64, &point.seed), "read seed");
    return;
  }
  if (std::strcmp(name, "sweep_index") == 0) {
    h5_check(H5Aread(attribute, H5T_NATIVE_UINT64, &point.sweep_index), "read sweep_index");
    return;
  }
  if (std::strcmp(name, kNodesAttribute) == 0) return read_node_rows(attribute, types, point);
  Value value = read_attribute_value(attribute, types);
  if (read_node_attribute(name, value, point)) return;
  if (std::strcmp(name, "replicate") == 0)
    point.replicate = value.as_int();
  else if (std::strcmp(name, "status") == 0)
    point.status = status_from_name(value.as_string());
  else if (std::strcmp(name, "error") == 0)
    point.error = value.as_string();
  else if (std::strcmp(name, "wall_s") == 0)
    point.wall_s = value.as_real();
  else if (std::strcmp(name, kLogAttribute) == 0)
    point.log = value.as_string();
  else
    point.swept.emplace_back(name, std::move(value));
}

void order_swept(PointResult& point, const std::vector<std::string>& swept_keys) {
  const auto rank = [&](const std::string& key) {
    return std::find(swept_keys.begin(), swept_keys.end(), key) - swept_keys.begin();
  };
  std::stable_sort(point.swept.begin(), point.swept.end(),
                   [&](const auto& a, const auto& b) { return rank(a.first) < rank(b.first); });
}

void read_node(hid_t point_group, const std::string& node, const StoreTypes& types,
               bool scalars_only, PointResult& point) {
  const H5Group group(H5Gopen2(point_group, node.c_str(), H5P_DEFAULT), "open node group");
  for (auto& [port, value] : read_node_outputs(group.get(), types, scalars_only))
    point.outputs.push_back({node, std::move(port), std::move(value)});
  auto unstored = read_unstored_outputs(group.get(), types);
  auto record = std::find_if(point.nodes.begin(), point.nodes.end(),
                             [&](const NodeRecord& r) { return r.node == node; });
  if (record != point.nodes.end()) record->unstored = std::move(unstored);
}
}  // namespace

std::vector<std::string> read_unstored_outputs(hid_t node_group, const StoreTypes& types) {
  if (h5_check(H5Aexists(node_group, kUnstoredAttribute), "look up unstored outputs") <= 0)
    return {};
  return read_string_list_attribute(node_group, kUnstoredAttribute, types);
}

std::vector<std::pair<std::string, Value>> read_node_outputs(hid_t node_group,
                                                             const StoreTypes& types,
                                                             bool scalars_only) {
  std::vector<std::pair<std::string, Value>> outputs;
  for (const auto& port : link_names(node_group)) {
    const H5Object output(H5Oopen(node_group, port.c_str(), H5P_DEFAULT),
                          "open output '" + port + "'");
    if (scalars_only && !is_scalar_value(output.get())) continue;
    outputs.emplace_back(port, read_object_value(output.get(), types));
  }
  return outputs;
}

H5Group create_point_group(hid_t points, const PointResult& point, const StoreTypes& types) {
  H5Group group(
      H5Gcreate2(points, point.id.c_str(), H5P_DEFAULT, types.group_creation.get(), H5P_DEFAULT),
      "create point group '" + point.id + "'");
  write_point_attributes(group.get(), point, types);
  return group;
}

// Outputs of a node without a lineage record (a point built by hand, not by a run) or with a
// key the file does not hold yet are written into a group of the point's own.
void write_point_group(hid_t points, NodeGroups& nodes, const PointResult& point,
                       const StoreTypes& types, const DatasetLayouts& layouts) {
  const H5Group group = create_point_group(points, point, types);
  // Nodes in record order, which is the pipeline's: readers list a point's links in that order.
  for (const auto& record : point.nodes) {
    if (nodes.has(record.key)) {
      nodes.link(record.key, group.get(), record.node);
      continue;
    }
    const H5Group node(H5Gcreate2(group.get(), record.node.c_str(), H5P_DEFAULT,
                                  types.group_creation.get(), H5P_DEFAULT),
                       "create node group '" + record.node + "'");
    if (!record.unstored.empty())
      write_string_list_attribute(node.get(), kUnstoredAttribute, record.unstored, types);
    for (const auto& output : point.outputs)
      if (output.node == record.node)
        write_value_dataset(node.get(), output.port.c_str(), output.value, types, layouts);
    nodes.add(record.key, point.id, record.node);
  }
  std::vector<std::pair<std::string, H5Group>> own;
  for (const auto& output : point.outputs) {
    if (find_record(point, output.node)) continue;
    const hid_t node = node_group(group.get(), output.node, types, own);
    write_value_dataset(node, output.port.c_str(), output.value, types, layouts);
  }
}

PointResult read_point_group(hid_t points, const std::string& id,
                             const std::vector<std::string>& swept_keys, const StoreTypes& types,
                             bool scalars_only) {
  const H5Group group(H5Gopen2(points, id.c_str(), H5P_DEFAULT), "open point group '" + id + "'");
  PointResult point;
  point.id = id;
  for_each_attribute(group.get(), [&](const char* name, hid_t attribute) {
    read_point_attribute(name, attribute, types, point);
  });
  order_swept(point, swept_keys);
  const auto nodes = link_names(group.get());
  for (const auto& node : nodes) read_node(group.get(), node, types, scalars_only, point);
  // Records in the order of the node links, which is the pipeline's node order.
  const auto rank = [&](const NodeRecord& r) {
    return std::find(nodes.begin(), nodes.end(), r.node) - nodes.begin();
  };
  std::stable_sort(point.nodes.begin(), point.nodes.end(),
                   [&](const NodeRecord& a, const NodeRecord& b) { return rank(a) < rank(b); });
  return point;
}

}  // namespace assay
