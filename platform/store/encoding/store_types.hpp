// The datatypes and dataspace the store writes with, made once per file operation (a part file,
// a consolidated file, a read) rather than once per value: creating HDF5 types per point would
// cost as much as writing the point.
#pragma once

#include "store/hdf5/hdf5_handle.hpp"

namespace assay {

struct StoreTypes {
  StoreTypes();

  H5Type utf8;             // variable-length UTF-8 string
  H5Type boolean;          // enum {FALSE = 0, TRUE = 1} over int8, which h5py reads as numpy bool
  H5Space scalar;          // 0-d dataspace: scalar attributes and datasets
  H5Plist group_creation;  // tracks link creation order, so outputs read back in port order
};

// True for an enum of exactly the members FALSE = 0 and TRUE = 1 (ours, h5py's and PyTables').
bool is_boolean_enum(hid_t type);

}  // namespace assay
