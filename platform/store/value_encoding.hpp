// Values as HDF5 datasets and attributes (DESIGN.md "Result file"): bool as the FALSE/TRUE
// enum over int8, int64, float64, variable-length UTF-8 strings, arrays row-major with their
// shape, tables as compound datasets (table_encoding.hpp); scalars are 0-d. A value of no kind
// is a null dataspace. Read back, a 0-d number is a scalar and a rank >= 1 one an array, so a
// rank-0 Array (never produced by the SDK) comes back as a scalar.
#pragma once

#include "assay/value.hpp"
#include "store/dataset_layout.hpp"
#include "store/store_types.hpp"

namespace assay {

void write_value_dataset(hid_t parent, const char* name, const Value& value,
                         const StoreTypes& types, const DatasetLayouts& layouts);
// Tables cannot be attributes (assay::Error).
void write_value_attribute(hid_t object, const char* name, const Value& value,
                           const StoreTypes& types);

Value read_dataset_value(hid_t dataset, const StoreTypes& types);
Value read_attribute_value(hid_t attribute, const StoreTypes& types);

// True when the dataset holds one bool, int, real or string (what /index lists).
bool is_scalar_dataset(hid_t dataset);

}  // namespace assay
