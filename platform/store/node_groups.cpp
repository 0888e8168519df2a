#include "store/node_groups.hpp"

#include "store/group_links.hpp"

namespace assay {

NodeGroups::NodeGroups(hid_t file) {
  if (H5Lexists(file, "nodes", H5P_DEFAULT) > 0) {
    group_ = H5Group(H5Gopen2(file, "nodes", H5P_DEFAULT), "open /nodes");
    for (auto& key : link_names(group_.get())) keys_.insert(std::move(key));
  } else {
    group_ =
        H5Group(H5Gcreate2(file, "nodes", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), "create /nodes");
  }
}

H5Group NodeGroups::create(const std::string& key, hid_t group_creation) {
  H5Group group(H5Gcreate2(group_.get(), key.c_str(), H5P_DEFAULT, group_creation, H5P_DEFAULT),
                "create node group /nodes/" + key);
  keys_.insert(key);
  return group;
}

void NodeGroups::copy_from(hid_t source_nodes, const std::string& key) {
  if (has(key)) return;
  h5_check(H5Ocopy(source_nodes, key.c_str(), group_.get(), key.c_str(), H5P_DEFAULT, H5P_DEFAULT),
           "copy node /nodes/" + key);
  keys_.insert(key);
}

void NodeGroups::link(const std::string& key, hid_t point_group, const std::string& name) const {
  h5_check(H5Lcreate_hard(group_.get(), key.c_str(), point_group, name.c_str(), H5P_DEFAULT,
                          H5P_DEFAULT),
           "link node '" + name + "' to /nodes/" + key);
}

}  // namespace assay
