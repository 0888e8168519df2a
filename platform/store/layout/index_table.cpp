#include "store/layout/index_table.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <limits>
#include <map>
#include <set>

#include "assay/error.hpp"

namespace assay {

namespace {
enum class Field : std::uint8_t { boolean, int64, uint64, float64, text };

struct IndexColumn {
  std::string name;
  Field field = Field::float64;
  std::vector<const Value*> cells;  // one per row; nullptr where the point has no value
  std::size_t offset = 0;
};

std::size_t field_size(Field f) {
  return f == Field::boolean ? 1 : f == Field::text ? sizeof(const char*) : 8;
}

hid_t field_type(Field f, const StoreTypes& types) {
  switch (f) {
    case Field::boolean:
      return types.boolean.get();
    case Field::int64:
      return H5T_NATIVE_INT64;
    case Field::uint64:
      return H5T_NATIVE_UINT64;
    case Field::float64:
      return H5T_NATIVE_DOUBLE;
    case Field::text:
      return types.utf8.get();
  }
  return types.utf8.get();
}

Field unify(const std::vector<const Value*>& cells) {
  std::set<Kind> kinds;
  for (const auto* v : cells)
    if (v) kinds.insert(v->kind());
  if (kinds == std::set<Kind>{Kind::boolean}) return Field::boolean;
  if (kinds == std::set<Kind>{Kind::integer}) return Field::int64;
  if (kinds.empty() || kinds == std::set<Kind>{Kind::real} ||
      kinds == std::set<Kind>{Kind::integer, Kind::real})
    return Field::float64;
  return Field::text;
}

class ColumnSet {
 public:
  explicit ColumnSet(std::size_t rows) : rows_(rows) {}

  IndexColumn& column(const std::string& name) {
    const auto [it, added] = by_name_.try_emplace(name, columns_.size());
    if (added) columns_.push_back({name, Field::float64, std::vector<const Value*>(rows_), 0});
    return columns_[it->second];
  }
  std::vector<IndexColumn>& columns() { return columns_; }

 private:
  std::size_t rows_;
  std::vector<IndexColumn> columns_;
  std::map<std::string, std::size_t> by_name_;
};

// Swept params in plan order, then scalar outputs in order of first appearance.
std::vector<IndexColumn> value_columns(const std::vector<const PointResult*>& points,
                                       const std::vector<std::string>& swept_keys) {
  ColumnSet set(points.size());
  std::set<std::string> swept(swept_keys.begin(), swept_keys.end());
  for (const auto& key : swept_keys) set.column(key);
  for (std::size_t r = 0; r < points.size(); ++r)
    for (const auto& [key, value] : points[r]->swept) {
      set.column(key).cells[r] = &value;
      swept.insert(key);
    }
  for (std::size_t r = 0; r < points.size(); ++r) {
    for (const auto& output : points[r]->outputs) {
      if (!output.value.is_scalar()) continue;
      auto name = output.node + "." + output.port;
      if (swept.count(name)) name += " (output)";
      set.column(name).cells[r] = &output.value;
    }
  }
  auto columns = std::move(set.columns());
  for (auto& c : columns) c.field = unify(c.cells);
  return columns;
}

class RowPacker {
 public:
  RowPacker(std::size_t row_size, std::size_t rows)
      : row_size_(row_size), bytes_(row_size * rows) {}

  void put(std::size_t row, const IndexColumn& column, const Value* v) {
    std::byte* at = bytes_.data() + row * row_size_ + column.offset;
    switch (column.field) {
      case Field::boolean:
        return store<std::int8_t>(at, v && v->as_bool() ? 1 : 0);
      case Field::int64:
        return store<std::int64_t>(at, v ? v->as_int() : 0);
      case Field::uint64:
        return;  // only the seed, stored by put_seed
      case Field::float64:
        return store<double>(at, v ? v->as_real() : std::numeric_limits<double>::quiet_NaN());
      case Field::text:
        return store<const char*>(at, text(v));
    }
  }
  void put_seed(std::size_t row, const IndexColumn& column, std::uint64_t seed) {
    store(bytes_.data() + row * row_size_ + column.offset, seed);
  }
  const std::byte* data() const { return bytes_.data(); }

 private:
  template <class T>
  static void store(std::byte* at, T x) {
    std::memcpy(at, &x, sizeof x);
  }
  const char* text(const Value* v) {
    if (!v) return "";
    if (v->kind() == Kind::string) return v->as_string().c_str();
    return texts_.emplace_back(to_text(*v)).c_str();
  }

  std::size_t row_size_;
  std::vector<std::byte> bytes_;
  std::deque<std::string> texts_;  // stable addresses for the strings the rows point to
};

struct FixedValues {
  std::vector<Value> ids, statuses, replicates, walls;
};

std::vector<IndexColumn> all_columns(const std::vector<const PointResult*>& points,
                                     const std::vector<std::string>& swept_keys,
                                     FixedValues& fixed) {
  const auto n = points.size();
  for (const auto* p : points) {
    fixed.ids.emplace_back(p->id);
    fixed.statuses.emplace_back(std::string(status_name(p->status)));
    fixed.replicates.emplace_back(p->replicate);
    fixed.walls.emplace_back(p->wall_s);
  }
  const auto cells = [&](const std::vector<Value>& values) {
    std::vector<const Value*> c(n);
    for (std::size_t r = 0; r < n; ++r) c[r] = &values[r];
    return c;
  };
  std::vector<IndexColumn> columns{{"point_id", Field::text, cells(fixed.ids)},
                                   {"status", Field::text, cells(fixed.statuses)},
                                   {"replicate", Field::int64, cells(fixed.replicates)},
                                   {"seed", Field::uint64, {}}};
  for (auto& c : value_columns(points, swept_keys)) columns.push_back(std::move(c));
  columns.push_back({"wall_s", Field::float64, cells(fixed.walls)});
  return columns;
}
}  // namespace

namespace {
// Lays the columns out one after another (packed, no padding) and describes them.
H5Type compound_of(std::vector<IndexColumn>& columns, const StoreTypes& types) {
  std::size_t row_size = 0;
  for (auto& c : columns) c.offset = row_size, row_size += field_size(c.field);
  H5Type type(H5Tcreate(H5T_COMPOUND, row_size), "create index type");
  for (const auto& c : columns)
    h5_check(H5Tinsert(type.get(), c.name.c_str(), c.offset, field_type(c.field, types)),
             "add index column '" + c.name + "'");
  return type;
}

void pack_rows(const std::vector<const PointResult*>& points,
               const std::vector<IndexColumn>& columns, RowPacker& rows) {
  for (std::size_t r = 0; r < points.size(); ++r)
    for (const auto& c : columns) {
      if (c.field == Field::uint64)
        rows.put_seed(r, c, points[r]->seed);
      else
        rows.put(r, c, c.cells[r]);
    }
}
}  // namespace

void write_index(hid_t file, const std::vector<const PointResult*>& points,
                 const std::vector<std::string>& swept_keys, const StoreTypes& types,
                 const DatasetLayouts& layouts) {
  FixedValues fixed;
  auto columns = all_columns(points, swept_keys, fixed);
  const H5Type type = compound_of(columns, types);
  const std::size_t row_size = H5Tget_size(type.get());
  RowPacker rows(row_size, points.size());
  pack_rows(points, columns, rows);
  const hsize_t n = points.size();
  const H5Space space(H5Screate_simple(1, &n, nullptr), "create index dataspace");
  H5Plist compressed;
  const hid_t dcpl = layouts.choose(std::span(&n, 1), row_size, compressed);
  const H5Dataset index(
      H5Dcreate2(file, "index", type.get(), space.get(), H5P_DEFAULT, dcpl, H5P_DEFAULT),
      "create /index");
  if (n > 0)
    h5_check(H5Dwrite(index.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, rows.data()),
             "write /index");
}

std::vector<IndexEntry> read_index_entries(hid_t file, const StoreTypes& types) {
  const H5Dataset index(H5Dopen2(file, "index", H5P_DEFAULT), "open /index");
  const H5Space space(H5Dget_space(index.get()), "get /index dataspace");
  const auto n = static_cast<std::size_t>(H5Sget_simple_extent_npoints(space.get()));
  struct Row {
    char* id;
    char* status;
  };
  const H5Type memory(H5Tcreate(H5T_COMPOUND, sizeof(Row)), "create index memory type");
  h5_check(H5Tinsert(memory.get(), "point_id", offsetof(Row, id), types.utf8.get()), "index type");
  h5_check(H5Tinsert(memory.get(), "status", offsetof(Row, status), types.utf8.get()),
           "index type");
  std::vector<Row> rows(n);
  if (n > 0)
    h5_check(H5Dread(index.get(), memory.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, rows.data()),
             "read /index");
  std::vector<std::pair<std::string, std::string>> texts;
  texts.reserve(n);
  for (const auto& row : rows)
    texts.emplace_back(row.id ? row.id : "", row.status ? row.status : "");
  if (n > 0) H5Dvlen_reclaim(memory.get(), space.get(), H5P_DEFAULT, rows.data());
  std::vector<IndexEntry> entries;
  entries.reserve(n);
  for (auto& [id, status] : texts) entries.push_back({std::move(id), status_from_name(status)});
  return entries;
}

}  // namespace assay
