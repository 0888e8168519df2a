#include "store/stored_nodes.hpp"

#include "assay/error.hpp"
#include "pipeline/source_error.hpp"
#include "store/group_links.hpp"
#include "store/hdf5_files.hpp"
#include "store/hdf5_lock.hpp"
#include "store/point_group.hpp"
#include "store/run_info_io.hpp"

namespace assay {

StoredNodes::StoredNodes(std::filesystem::path file)
    : file_(std::move(file)), name_(file_.string()) {
  const auto lock = lock_hdf5();
  try {
    const H5File h5 = open_hdf5_file(file_);
    if (!has_run_info(h5.get())) throw Error("it has no fingerprint");
    // A result of format 1 has no node lineage: nothing in it can be reused.
    if (H5Lexists(h5.get(), "nodes", H5P_DEFAULT) <= 0) return;
    const H5Group nodes(H5Gopen2(h5.get(), "nodes", H5P_DEFAULT), "open /nodes");
    for (auto& key : link_names(nodes.get())) keys_.insert(std::move(key));
  } catch (const std::exception& e) {
    throw SourceError({name_}, "--reuse",
                      std::string("cannot read it as an Assay result (") + e.what() + ")",
                      "name a finished result file written by `assay run`");
  }
}

std::optional<std::vector<std::pair<std::string, Value>>> StoredNodes::find(
    const std::string& key) const {
  if (!keys_.count(key)) return std::nullopt;
  const auto lock = lock_hdf5();
  const StoreTypes types;
  const H5File h5 = open_hdf5_file(file_);
  const H5Group group(H5Gopen2(h5.get(), ("nodes/" + key).c_str(), H5P_DEFAULT),
                      "open /nodes/" + key + " of " + name_);
  return read_node_outputs(group.get(), types, false);
}

}  // namespace assay
