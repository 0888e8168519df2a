#include "store/hdf5/group_links.hpp"

#include "store/hdf5/hdf5_handle.hpp"

namespace assay {

namespace {
herr_t collect(hid_t, const char* name, const H5L_info_t*, void* names) {
  static_cast<std::vector<std::string>*>(names)->emplace_back(name);
  return 0;
}

bool tracks_creation_order(hid_t group) {
  const H5Plist gcpl(H5Gget_create_plist(group), "get group creation properties");
  unsigned flags = 0;
  h5_check(H5Pget_link_creation_order(gcpl.get(), &flags), "get link order");
  return (flags & H5P_CRT_ORDER_TRACKED) != 0;
}
}  // namespace

std::vector<std::string> link_names(hid_t group) {
  std::vector<std::string> names;
  const H5_index_t order = tracks_creation_order(group) ? H5_INDEX_CRT_ORDER : H5_INDEX_NAME;
  hsize_t position = 0;
  h5_check(H5Literate(group, order, H5_ITER_INC, &position, collect, &names), "list group");
  return names;
}

}  // namespace assay
