// Walking the members of an HDF5 group.
#pragma once

#include <hdf5.h>

#include <string>
#include <vector>

namespace assay {

// The names of the group's links in creation order where the group tracks it (point and node
// groups, so outputs come back in port order), otherwise in name order.
std::vector<std::string> link_names(hid_t group);

}  // namespace assay
