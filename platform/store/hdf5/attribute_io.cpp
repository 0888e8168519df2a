#include "store/hdf5/attribute_io.hpp"

#include <algorithm>
#include <exception>
#include <string>

#include "assay/error.hpp"
#include "store/encoding/value_encoding.hpp"

namespace assay {

void write_uint64_attribute(hid_t object, const char* name, std::uint64_t value,
                            const StoreTypes& types) {
  const H5Attr attribute(
      H5Acreate2(object, name, H5T_NATIVE_UINT64, types.scalar.get(), H5P_DEFAULT, H5P_DEFAULT),
      std::string("create attribute '") + name + "'");
  h5_check(H5Awrite(attribute.get(), H5T_NATIVE_UINT64, &value), "write attribute");
}

void write_string_list_attribute(hid_t object, const char* name,
                                 const std::vector<std::string>& values, const StoreTypes& types) {
  const hsize_t n = values.size();
  const H5Space space(H5Screate_simple(1, &n, nullptr), "create dataspace");
  const H5Attr attribute(
      H5Acreate2(object, name, types.utf8.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT),
      std::string("create attribute '") + name + "'");
  std::vector<const char*> texts;
  for (const auto& v : values) texts.push_back(v.c_str());
  if (n > 0) h5_check(H5Awrite(attribute.get(), types.utf8.get(), texts.data()), "write attribute");
}

// Fixed-length strings live in the attribute itself; each variable-length one would be an
// object in the file's global heap, which made this attribute cost twice as much to write.
void write_string_rows_attribute(hid_t object, const char* name,
                                 const std::vector<std::string>& values, std::size_t columns) {
  std::size_t width = 1;
  for (const auto& v : values) width = std::max(width, v.size());
  const H5Type type(H5Tcopy(H5T_C_S1), "copy string type");
  h5_check(H5Tset_size(type.get(), width), "size string type");
  h5_check(H5Tset_strpad(type.get(), H5T_STR_NULLPAD), "pad string type");
  h5_check(H5Tset_cset(type.get(), H5T_CSET_UTF8), "make UTF-8 string type");
  const hsize_t shape[2] = {values.size() / columns, columns};
  const H5Space space(H5Screate_simple(2, shape, nullptr), "create dataspace");
  const H5Attr attribute(
      H5Acreate2(object, name, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT),
      std::string("create attribute '") + name + "'");
  std::string packed(values.size() * width, '\0');
  for (std::size_t i = 0; i < values.size(); ++i) values[i].copy(packed.data() + i * width, width);
  if (!values.empty())
    h5_check(H5Awrite(attribute.get(), type.get(), packed.data()), "write attribute");
}

std::optional<Value> read_attribute(hid_t object, const char* name, const StoreTypes& types) {
  if (h5_check(H5Aexists(object, name), "look up attribute") <= 0) return std::nullopt;
  const H5Attr attribute(H5Aopen(object, name, H5P_DEFAULT), "open attribute");
  return read_attribute_value(attribute.get(), types);
}

std::uint64_t read_uint64_attribute(hid_t object, const char* name) {
  const H5Attr attribute(H5Aopen(object, name, H5P_DEFAULT),
                         std::string("open attribute '") + name + "'");
  std::uint64_t value = 0;
  h5_check(H5Aread(attribute.get(), H5T_NATIVE_UINT64, &value), "read attribute");
  return value;
}

std::vector<std::string> read_string_list_attribute(hid_t object, const char* name,
                                                    const StoreTypes& types) {
  const H5Attr attribute(H5Aopen(object, name, H5P_DEFAULT),
                         std::string("open attribute '") + name + "'");
  return read_string_list(attribute.get(), types);
}

namespace {
std::vector<std::string> read_fixed_strings(hid_t attribute, hid_t file_type, std::size_t n) {
  const H5Type type(H5Tcopy(file_type), "copy string type");
  const auto width = H5Tget_size(type.get());
  std::string packed(n * width, '\0');
  if (n > 0) h5_check(H5Aread(attribute, type.get(), packed.data()), "read attribute");
  std::vector<std::string> values;
  for (std::size_t i = 0; i < n; ++i) {
    auto v = packed.substr(i * width, width);
    v.resize(v.find_last_not_of('\0') + 1);  // written NUL-padded
    values.push_back(std::move(v));
  }
  return values;
}
}  // namespace

std::vector<std::string> read_string_list(hid_t attribute, const StoreTypes& types) {
  const H5Space space(H5Aget_space(attribute), "get attribute space");
  const auto n = static_cast<std::size_t>(H5Sget_simple_extent_npoints(space.get()));
  const H5Type file_type(H5Aget_type(attribute), "get attribute type");
  if (H5Tget_class(file_type.get()) != H5T_STRING)
    throw Error("attribute holds no strings; expected a list of names");
  if (h5_check(H5Tis_variable_str(file_type.get()), "inspect string type") == 0)
    return read_fixed_strings(attribute, file_type.get(), n);
  std::vector<char*> texts(n, nullptr);
  if (n > 0) h5_check(H5Aread(attribute, types.utf8.get(), texts.data()), "read attribute");
  std::vector<std::string> values;
  for (char* t : texts) values.emplace_back(t ? t : "");
  if (n > 0) H5Dvlen_reclaim(types.utf8.get(), space.get(), H5P_DEFAULT, texts.data());
  return values;
}

namespace {
struct Visit {
  const std::function<void(const char*, hid_t)>* visit;
  std::exception_ptr error;
};

herr_t visit_attribute(hid_t object, const char* name, const H5A_info_t*, void* data) {
  auto& v = *static_cast<Visit*>(data);
  try {
    const H5Attr attribute(H5Aopen(object, name, H5P_DEFAULT), "open attribute");
    (*v.visit)(name, attribute.get());
    return 0;
  } catch (...) {  // exceptions must not unwind through the C library
    v.error = std::current_exception();
    return -1;
  }
}
}  // namespace

void for_each_attribute(hid_t object, const std::function<void(const char*, hid_t)>& visit) {
  Visit v{&visit, nullptr};
  hsize_t position = 0;
  const herr_t r = H5Aiterate2(object, H5_INDEX_NAME, H5_ITER_INC, &position, visit_attribute, &v);
  if (v.error) {
    H5Eclear2(H5E_DEFAULT);
    std::rethrow_exception(v.error);
  }
  h5_check(r, "list attributes");
}

}  // namespace assay
