// Attributes beyond single Values: unsigned seeds, lists of names, and walking an object's
// attributes by name (values themselves are encoded by value_encoding.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "assay/value.hpp"
#include "store/encoding/store_types.hpp"

namespace assay {

void write_uint64_attribute(hid_t object, const char* name, std::uint64_t value,
                            const StoreTypes& types);
void write_string_list_attribute(hid_t object, const char* name,
                                 const std::vector<std::string>& values, const StoreTypes& types);
// Rows of `columns` strings as a 2-d array of fixed-length UTF-8 strings (h5py: bytes).
void write_string_rows_attribute(hid_t object, const char* name,
                                 const std::vector<std::string>& values, std::size_t columns);

// The attribute's value, or nothing when the object has no attribute of that name.
std::optional<Value> read_attribute(hid_t object, const char* name, const StoreTypes& types);
std::uint64_t read_uint64_attribute(hid_t object, const char* name);
std::vector<std::string> read_string_list_attribute(hid_t object, const char* name,
                                                    const StoreTypes& types);
// The strings of an open attribute of any shape, in row-major order, fixed-length or not.
std::vector<std::string> read_string_list(hid_t attribute, const StoreTypes& types);

// Calls visit(name, attribute) for each attribute of `object`, in name order.
void for_each_attribute(hid_t object, const std::function<void(const char*, hid_t)>& visit);

}  // namespace assay
