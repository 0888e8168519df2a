#include "store/encoding/value_encoding.hpp"

#include <cstdint>
#include <cstdlib>
#include <string>

#include "assay/error.hpp"
#include "store/encoding/table_encoding.hpp"
#include "store/hdf5/group_links.hpp"

namespace assay {

namespace {
// A value laid out for one HDF5 write. Filled in place: `data` may point at `flag` or `text`.
struct Encoded {
  hid_t type = H5I_INVALID_HID;  // borrowed (StoreTypes, predefined) or owned_type
  H5Type owned_type;
  bool null = false;          // no data: a null dataspace
  std::vector<hsize_t> dims;  // empty: scalar
  std::size_t element_size = 0;
  std::size_t count = 1;
  const void* data = nullptr;
  std::int8_t flag = 0;
  std::int64_t integer = 0;
  double real = 0;
  const char* text = nullptr;
  PackedTable table;
};

template <class T>
void encode_array(const Array<T>& a, hid_t type, Encoded& e) {
  e.type = type;
  e.element_size = sizeof(T);
  e.dims.assign(a.shape.begin(), a.shape.end());
  for (const auto d : a.shape) e.count *= d;
  if (e.count != a.data.size())
    throw Error("array of shape with " + std::to_string(e.count) + " elements holds " +
                std::to_string(a.data.size()) + " values");
  e.data = a.data.data();
}

void encode_table(const Table& t, const StoreTypes& types, Encoded& e) {
  if (t.columns.empty()) {
    e.owned_type = empty_table_type();
    e.type = e.owned_type.get();
    e.null = true;
    return;
  }
  e.table = pack_table(t, types);
  e.type = e.table.type.get();
  e.element_size = H5Tget_size(e.type);
  e.count = t.rows();
  e.dims = {e.count};
  e.data = e.table.rows.data();
}

void encode(const Value& v, const StoreTypes& types, Encoded& e) {
  switch (v.kind()) {
    case Kind::boolean:
      e.flag = v.as_bool() ? 1 : 0;
      e.type = types.boolean.get(), e.element_size = 1, e.data = &e.flag;
      return;
    case Kind::integer:
      e.integer = v.as_int();
      e.type = H5T_NATIVE_INT64, e.element_size = 8, e.data = &e.integer;
      return;
    case Kind::real:
      e.real = v.as_real();
      e.type = H5T_NATIVE_DOUBLE, e.element_size = 8, e.data = &e.real;
      return;
    case Kind::string:
      e.text = v.as_string().c_str();
      e.type = types.utf8.get(), e.element_size = sizeof e.text, e.data = &e.text;
      return;
    case Kind::real_array:
      return encode_array(v.as_real_array(), H5T_NATIVE_DOUBLE, e);
    case Kind::int_array:
      return encode_array(v.as_int_array(), H5T_NATIVE_INT64, e);
    case Kind::table:
      return encode_table(v.as_table(), types, e);
    case Kind::float_array:
      return encode_array(v.as_float_array(), H5T_NATIVE_FLOAT, e);
    case Kind::record:  // a group, not a dataset or attribute (write_value_dataset)
    case Kind::none:
    case Kind::any:
      break;
  }
  e.type = H5T_NATIVE_UINT8, e.null = true;
}

hid_t dataspace(const Encoded& e, const StoreTypes& types, H5Space& owned) {
  if (e.null)
    owned = H5Space(H5Screate(H5S_NULL), "create null dataspace");
  else if (e.dims.empty())
    return types.scalar.get();
  else
    owned = H5Space(H5Screate_simple(static_cast<int>(e.dims.size()), e.dims.data(), nullptr),
                    "create dataspace");
  return owned.get();
}

[[noreturn]] void fail(const char* verb, const char* name) {
  throw_hdf5_error(std::string(verb) + " '" + name + "'");
}

// Datasets and attributes are read the same way once their type, space and read call are known.
struct Readable {
  hid_t id;
  bool attribute;

  hid_t type() const { return attribute ? H5Aget_type(id) : H5Dget_type(id); }
  hid_t space() const { return attribute ? H5Aget_space(id) : H5Dget_space(id); }
  void read(hid_t memory_type, void* buffer) const {
    const herr_t r = attribute ? H5Aread(id, memory_type, buffer)
                               : H5Dread(id, memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, buffer);
    h5_check(r, attribute ? "read attribute" : "read dataset");
  }
};

template <class T>
Value read_number(const Readable& src, hid_t memory_type, const std::vector<hsize_t>& dims,
                  std::size_t count) {
  if (dims.empty()) {
    T x{};
    src.read(memory_type, &x);
    return Value(x);
  }
  Array<T> a;
  a.shape.assign(dims.begin(), dims.end());
  a.data.resize(count);
  if (count > 0) src.read(memory_type, a.data.data());
  return Value(std::move(a));
}

Value read_string(const Readable& src, hid_t file_type, const StoreTypes& types) {
  if (H5Tis_variable_str(file_type) > 0) {
    char* text = nullptr;
    src.read(types.utf8.get(), &text);
    std::string s = text ? text : "";
    H5free_memory(text);
    return Value(std::move(s));
  }
  // Fixed-length strings come from other tools; read them as they are, without the padding.
  const H5Type memory(H5Tcopy(file_type), "copy string type");
  std::string s(H5Tget_size(file_type), '\0');
  src.read(memory.get(), s.data());
  s.resize(s.find_last_not_of(std::string_view("\0 ", 2)) + 1);
  return Value(std::move(s));
}

Value read_value(const Readable& src, const StoreTypes& types) {
  const H5Type type(src.type(), "get value type");
  const H5Space space(src.space(), "get value dataspace");
  if (H5Sget_simple_extent_type(space.get()) == H5S_NULL)
    return is_empty_table_type(type.get()) ? Value(Table{}) : Value();
  std::vector<hsize_t> dims(h5_check(H5Sget_simple_extent_ndims(space.get()), "get rank"));
  H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr);
  std::size_t count = 1;
  for (const auto d : dims) count *= d;
  switch (H5Tget_class(type.get())) {
    case H5T_ENUM:
      if (dims.empty() && is_boolean_enum(type.get())) {
        std::int8_t flag = 0;
        src.read(types.boolean.get(), &flag);
        return Value(flag != 0);
      }
      break;
    case H5T_INTEGER:
      return read_number<std::int64_t>(src, H5T_NATIVE_INT64, dims, count);
    case H5T_FLOAT:
      // float32 arrays stay float32 (checkpoints); float32 scalars widen, as there is no kind.
      if (!dims.empty() && H5Tget_size(type.get()) <= sizeof(float))
        return read_number<float>(src, H5T_NATIVE_FLOAT, dims, count);
      return read_number<double>(src, H5T_NATIVE_DOUBLE, dims, count);
    case H5T_STRING:
      if (dims.empty()) return read_string(src, type.get(), types);
      break;
    case H5T_COMPOUND:
      if (!src.attribute && dims.size() == 1) return Value(read_table(src.id, types));
      break;
    default:
      break;
  }
  throw Error("a value of an HDF5 type or shape Assay does not write");
}

void write_record_group(hid_t parent, const char* name, const Record& record,
                        const StoreTypes& types, const DatasetLayouts& layouts) {
  const hid_t id = H5Gcreate2(parent, name, H5P_DEFAULT, types.group_creation.get(), H5P_DEFAULT);
  if (id < 0) fail("create group", name);
  const H5Group group(id, "create group");
  for (std::size_t i = 0; i < record.size(); ++i)
    write_value_dataset(id, record.names[i].c_str(), record.values[i], types, layouts);
}

bool is_group(hid_t object) { return H5Iget_type(object) == H5I_GROUP; }

Record read_record_group(hid_t group, const StoreTypes& types) {
  Record record;
  for (const auto& name : link_names(group)) {
    const H5Object member(H5Oopen(group, name.c_str(), H5P_DEFAULT), "open '" + name + "'");
    record.add(name, read_object_value(member.get(), types));
  }
  return record;
}
}  // namespace

Value read_object_value(hid_t object, const StoreTypes& types) {
  if (is_group(object)) return Value(read_record_group(object, types));
  return read_dataset_value(object, types);
}

void write_value_dataset(hid_t parent, const char* name, const Value& value,
                         const StoreTypes& types, const DatasetLayouts& layouts) {
  if (value.kind() == Kind::record)
    return write_record_group(parent, name, value.as_record(), types, layouts);
  Encoded e;
  encode(value, types, e);
  H5Space owned_space;
  const hid_t space = dataspace(e, types, owned_space);
  H5Plist compressed;
  const hid_t dcpl = layouts.choose(e.null ? std::span<const hsize_t>() : e.dims,
                                    e.null ? 0 : e.element_size, compressed);
  const hid_t id = H5Dcreate2(parent, name, e.type, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  if (id < 0) fail("create dataset", name);
  const H5Dataset dataset(id, "create dataset");
  if (!e.null && e.count > 0 && H5Dwrite(id, e.type, H5S_ALL, H5S_ALL, H5P_DEFAULT, e.data) < 0)
    fail("write dataset", name);
}

void write_value_attribute(hid_t object, const char* name, const Value& value,
                           const StoreTypes& types) {
  if (value.kind() == Kind::table || value.kind() == Kind::record)
    throw Error(std::string("attribute '") + name + "': a " + std::string(kind_name(value.kind())) +
                " cannot be an attribute");
  Encoded e;
  encode(value, types, e);
  H5Space owned_space;
  const hid_t space = dataspace(e, types, owned_space);
  const hid_t id = H5Acreate2(object, name, e.type, space, H5P_DEFAULT, H5P_DEFAULT);
  if (id < 0) fail("create attribute", name);
  const H5Attr attribute(id, "create attribute");
  if (!e.null && e.count > 0 && H5Awrite(id, e.type, e.data) < 0) fail("write attribute", name);
}

Value read_dataset_value(hid_t dataset, const StoreTypes& types) {
  return read_value(Readable{dataset, false}, types);
}

Value read_attribute_value(hid_t attribute, const StoreTypes& types) {
  return read_value(Readable{attribute, true}, types);
}

bool is_scalar_value(hid_t object) {
  if (is_group(object)) return false;  // a record
  const H5Space space(H5Dget_space(object), "get dataset space");
  if (H5Sget_simple_extent_type(space.get()) != H5S_SCALAR) return false;
  const H5Type type(H5Dget_type(object), "get dataset type");
  switch (H5Tget_class(type.get())) {
    case H5T_INTEGER:
    case H5T_FLOAT:
    case H5T_STRING:
      return true;
    case H5T_ENUM:
      return is_boolean_enum(type.get());
    default:
      return false;
  }
}

}  // namespace assay
