// Values as HDF5 datasets and attributes (docs/architecture.md, README "Result files"): bool as the
// FALSE/TRUE enum over int8, int64, float64, variable-length UTF-8 strings, arrays row-major with
// their shape (float32 arrays as float32), tables as compound datasets (table_encoding.hpp),
// records as groups with one member per field, in field order; scalars are 0-d. A value of no kind
// is a null dataspace. Read back, a 0-d number is a scalar and a rank >= 1 one an array, so a
// rank-0 Array (never produced by the SDK) comes back as a scalar.
#pragma once

#include "assay/value.hpp"
#include "store/encoding/dataset_layout.hpp"
#include "store/encoding/store_types.hpp"

namespace assay {

// A dataset, or a group for a record.
void write_value_dataset(hid_t parent, const char* name, const Value& value,
                         const StoreTypes& types, const DatasetLayouts& layouts);
// Tables cannot be attributes (assay::Error).
void write_value_attribute(hid_t object, const char* name, const Value& value,
                           const StoreTypes& types);

Value read_dataset_value(hid_t dataset, const StoreTypes& types);
Value read_attribute_value(hid_t attribute, const StoreTypes& types);

// An output as write_value_dataset wrote it, from its opened object: a dataset's value, or a
// group's record.
Value read_object_value(hid_t object, const StoreTypes& types);

// True when the object is a dataset of one bool, int, real or string (what /index lists).
bool is_scalar_value(hid_t object);

}  // namespace assay
