#include "store/encoding/table_encoding.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <variant>

#include "assay/error.hpp"

namespace assay {

namespace {
hid_t field_type(const Column& column, const StoreTypes& types) {
  if (std::holds_alternative<std::vector<double>>(column)) return H5T_NATIVE_DOUBLE;
  if (std::holds_alternative<std::vector<std::int64_t>>(column)) return H5T_NATIVE_INT64;
  return types.utf8.get();
}

std::size_t field_size(const Column& column) {
  return std::holds_alternative<std::vector<std::string>>(column) ? sizeof(const char*) : 8;
}

void pack_column(const Column& column, std::size_t offset, std::size_t row_size,
                 std::vector<std::byte>& rows) {
  std::visit(
      [&](const auto& values) {
        for (std::size_t r = 0; r < values.size(); ++r) {
          std::byte* field = rows.data() + r * row_size + offset;
          if constexpr (std::is_same_v<std::decay_t<decltype(values)>, std::vector<std::string>>) {
            const char* text = values[r].c_str();
            std::memcpy(field, &text, sizeof text);
          } else {
            std::memcpy(field, &values[r], sizeof values[r]);
          }
        }
      },
      column);
}

// The column a compound member is read into, and its field type in memory.
Column column_for(hid_t member_type, std::size_t rows) {
  switch (H5Tget_class(member_type)) {
    case H5T_FLOAT:
      return std::vector<double>(rows);
    case H5T_INTEGER:
      return std::vector<std::int64_t>(rows);
    case H5T_STRING:
      if (H5Tis_variable_str(member_type) > 0) return std::vector<std::string>(rows);
      break;
    default:
      break;
  }
  throw Error("table column of an unsupported HDF5 type (want float, integer or vlen string)");
}

void unpack_column(const std::byte* rows, std::size_t offset, std::size_t row_size,
                   Column& column) {
  std::visit(
      [&](auto& values) {
        for (std::size_t r = 0; r < values.size(); ++r) {
          const std::byte* field = rows + r * row_size + offset;
          if constexpr (std::is_same_v<std::decay_t<decltype(values)>, std::vector<std::string>>) {
            const char* text = nullptr;
            std::memcpy(&text, field, sizeof text);
            values[r] = text ? text : "";
          } else {
            std::memcpy(&values[r], field, sizeof values[r]);
          }
        }
      },
      column);
}
}  // namespace

PackedTable pack_table(const Table& table, const StoreTypes& types) {
  std::size_t row_size = 0;
  for (const auto& c : table.columns) row_size += field_size(c);
  PackedTable packed{H5Type(H5Tcreate(H5T_COMPOUND, row_size), "create table type"), {}};
  packed.rows.resize(row_size * table.rows());
  std::size_t offset = 0;
  for (std::size_t i = 0; i < table.columns.size(); ++i) {
    const auto& column = table.columns[i];
    h5_check(
        H5Tinsert(packed.type.get(), table.names[i].c_str(), offset, field_type(column, types)),
        "add table column '" + table.names[i] + "'");
    pack_column(column, offset, row_size, packed.rows);
    offset += field_size(column);
  }
  return packed;
}

H5Type empty_table_type() {
  H5Type type(H5Tcreate(H5T_OPAQUE, 1), "create empty table type");
  h5_check(H5Tset_tag(type.get(), kEmptyTableTag), "tag empty table type");
  return type;
}

bool is_empty_table_type(hid_t type) {
  if (H5Tget_class(type) != H5T_OPAQUE) return false;
  char* tag = H5Tget_tag(type);
  const bool ours = tag && std::strcmp(tag, kEmptyTableTag) == 0;
  H5free_memory(tag);
  return ours;
}

Table read_table(hid_t dataset, const StoreTypes& types) {
  const H5Type file_type(H5Dget_type(dataset), "get table type");
  const H5Space space(H5Dget_space(dataset), "get table space");
  const auto rows = static_cast<std::size_t>(H5Sget_simple_extent_npoints(space.get()));
  const int members = h5_check(H5Tget_nmembers(file_type.get()), "count table columns");
  Table table;
  std::size_t row_size = 0;
  for (int m = 0; m < members; ++m) {
    char* name = H5Tget_member_name(file_type.get(), m);
    table.names.emplace_back(name ? name : "");
    H5free_memory(name);
    const H5Type member(H5Tget_member_type(file_type.get(), m), "get table column type");
    table.columns.push_back(column_for(member.get(), rows));
    row_size += field_size(table.columns.back());
  }
  // Read through a packed memory type of our own field types: HDF5 matches fields by name and
  // converts narrower numbers on the way.
  H5Type memory(H5Tcreate(H5T_COMPOUND, row_size), "create table memory type");
  std::size_t offset = 0;
  for (std::size_t i = 0; i < table.columns.size(); ++i) {
    h5_check(H5Tinsert(memory.get(), table.names[i].c_str(), offset,
                       field_type(table.columns[i], types)),
             "describe table column");
    offset += field_size(table.columns[i]);
  }
  std::vector<std::byte> buffer(row_size * rows);
  h5_check(H5Dread(dataset, memory.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, buffer.data()),
           "read table");
  offset = 0;
  for (auto& column : table.columns) {
    unpack_column(buffer.data(), offset, row_size, column);
    offset += field_size(column);
  }
  if (rows > 0) H5Dvlen_reclaim(memory.get(), space.get(), H5P_DEFAULT, buffer.data());
  return table;
}

}  // namespace assay
