// An assay::Table as a 1-d compound dataset, one field per column (float64, int64 or
// variable-length UTF-8 string), so h5py and pandas read it as a record array. HDF5 has no
// compound type without fields, so a table without columns is a null dataspace of an opaque
// type tagged kEmptyTableTag.
#pragma once

#include <cstddef>
#include <vector>

#include "assay/value.hpp"
#include "store/encoding/store_types.hpp"

namespace assay {

inline constexpr const char* kEmptyTableTag = "assay:table";

// The rows of a table packed as the compound type describes them; string fields point into the
// table, which must outlive this.
struct PackedTable {
  H5Type type;
  std::vector<std::byte> rows;
};

PackedTable pack_table(const Table& table, const StoreTypes& types);
H5Type empty_table_type();
bool is_empty_table_type(hid_t type);
Table read_table(hid_t dataset, const StoreTypes& types);

}  // namespace assay
