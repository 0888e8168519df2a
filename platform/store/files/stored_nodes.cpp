#include "store/files/stored_nodes.hpp"

#include "assay/error.hpp"
#include "pipeline/parse/source_error.hpp"
#include "store/hdf5/attribute_io.hpp"
#include "store/hdf5/group_links.hpp"
#include "store/hdf5/hdf5_files.hpp"
#include "store/hdf5/hdf5_lock.hpp"
#include "store/layout/point_group.hpp"
#include "store/layout/run_info_io.hpp"

namespace assay {

// From format 3 a key only one point has is in that point's group alone; its "nodes"
// attribute says which. (In format 2 every key is in /nodes.)
void StoredNodes::add_point_keys(hid_t file) {
  const StoreTypes types;
  const H5Group points(H5Gopen2(file, "points", H5P_DEFAULT), "open /points");
  for (const auto& id : link_names(points.get())) {
    if (h5_check(H5Aexists_by_name(points.get(), id.c_str(), "nodes", H5P_DEFAULT),
                 "look up the node records of point '" + id + "'") <= 0)
      continue;
    const H5Attr attribute(
        H5Aopen_by_name(points.get(), id.c_str(), "nodes", H5P_DEFAULT, H5P_DEFAULT),
        "open the node records of point '" + id + "'");
    const auto rows = read_string_list(attribute.get(), types);
    for (std::size_t i = 0; i + 2 < rows.size(); i += 3)
      keys_.emplace(rows[i + 1], "points/" + id + "/" + rows[i]);
  }
}

StoredNodes::StoredNodes(std::filesystem::path file)
    : file_(std::move(file)), name_(file_.string()) {
  const auto lock = lock_hdf5();
  try {
    const H5File h5 = open_hdf5_file(file_);
    if (!has_run_info(h5.get())) throw Error("it has no fingerprint");
    // A result of format 1 has no node lineage: nothing in it can be reused.
    if (H5Lexists(h5.get(), "nodes", H5P_DEFAULT) <= 0) return;
    const H5Group nodes(H5Gopen2(h5.get(), "nodes", H5P_DEFAULT), "open /nodes");
    for (auto& key : link_names(nodes.get())) keys_.emplace(key, "nodes/" + key);
    add_point_keys(h5.get());
  } catch (const std::exception& e) {
    throw SourceError({name_}, "--reuse",
                      std::string("cannot read it as an Assay result (") + e.what() + ")",
                      "name a finished result file written by `assay run`");
  }
}

std::optional<std::vector<std::pair<std::string, Value>>> StoredNodes::find(
    const std::string& key) const {
  const auto path = keys_.find(key);
  if (path == keys_.end()) return std::nullopt;
  const auto lock = lock_hdf5();
  const StoreTypes types;
  const H5File h5 = open_hdf5_file(file_);
  const H5Group group(H5Gopen2(h5.get(), path->second.c_str(), H5P_DEFAULT),
                      "open /" + path->second + " of " + name_);
  // A node whose run stored only some outputs (`store`) is computed again, not reused.
  if (!read_unstored_outputs(group.get(), types).empty()) return std::nullopt;
  return read_node_outputs(group.get(), types, false);
}

}  // namespace assay
