#include "store/layout/node_groups.hpp"

#include "store/hdf5/group_links.hpp"

namespace assay {

NodeGroups::NodeGroups(hid_t file, hid_t points) : points_(points) {
  if (H5Lexists(file, "nodes", H5P_DEFAULT) > 0) {
    group_ = H5Group(H5Gopen2(file, "nodes", H5P_DEFAULT), "open /nodes");
    for (auto& key : link_names(group_.get())) shared_.insert(std::move(key));
  } else {
    group_ =
        H5Group(H5Gcreate2(file, "nodes", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), "create /nodes");
  }
}

void NodeGroups::add(const std::string& key, const std::string& id, const std::string& node) {
  solo_.emplace(key, std::make_pair(id, node));
}

void NodeGroups::link(const std::string& key, hid_t point_group, const std::string& name) {
  if (const auto solo = solo_.find(key); solo != solo_.end()) {
    const auto& [id, node] = solo->second;
    const auto path = id + "/" + node;
    h5_check(
        H5Lcreate_hard(points_, path.c_str(), group_.get(), key.c_str(), H5P_DEFAULT, H5P_DEFAULT),
        "link /nodes/" + key + " to /points/" + path);
    solo_.erase(solo);
    shared_.insert(key);
  }
  h5_check(H5Lcreate_hard(group_.get(), key.c_str(), point_group, name.c_str(), H5P_DEFAULT,
                          H5P_DEFAULT),
           "link node '" + name + "' to /nodes/" + key);
}

void NodeGroups::forget(const std::string& key, const std::string& id) {
  const auto solo = solo_.find(key);
  if (solo != solo_.end() && solo->second.first == id) solo_.erase(solo);
}

}  // namespace assay
