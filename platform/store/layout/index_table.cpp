#include "store/layout/index_table.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <span>

#include "assay/error.hpp"
#include "store/hdf5/attribute_io.hpp"

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

namespace {
// What a summary of the result counts over all points, without opening them: attributes of
// /index written with it (absent in files written before them).
constexpr const char* kLoggedPoints = "logged_points";
constexpr const char* kPointsTakingNodes = "points_taking_nodes";

void write_point_counts(hid_t index, const std::vector<const PointResult*>& points,
                        const StoreTypes& types) {
  const auto logged = std::count_if(points.begin(), points.end(),
                                    [](const PointResult* p) { return !p->log.empty(); });
  const auto taking = std::count_if(points.begin(), points.end(),
                                    [](const PointResult* p) { return takes_nodes(*p); });
  write_uint64_attribute(index, kLoggedPoints, logged, types);
  write_uint64_attribute(index, kPointsTakingNodes, taking, types);
}

std::optional<std::uint64_t> point_count(hid_t index, const char* name) {
  if (h5_check(H5Aexists(index, name), std::string("look up /index ") + name) <= 0)
    return std::nullopt;
  return read_uint64_attribute(index, name);
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
  write_point_counts(index.get(), points, types);
}

namespace {
struct IdStatus {
  char* id;
  char* status;
};

// Reads the point_id and status columns in slices of kSliceRows rows, so memory stays bounded
// however many points the result holds; visit(first_row, rows) sees each slice once.
constexpr hsize_t kSliceRows = 1 << 16;

template <class Visit>
void for_each_id_slice(hid_t index, const StoreTypes& types, Visit&& visit) {
  const H5Space space(H5Dget_space(index), "get /index dataspace");
  const auto n = static_cast<hsize_t>(H5Sget_simple_extent_npoints(space.get()));
  const H5Type memory(H5Tcreate(H5T_COMPOUND, sizeof(IdStatus)), "create index memory type");
  h5_check(H5Tinsert(memory.get(), "point_id", offsetof(IdStatus, id), types.utf8.get()),
           "index type");
  h5_check(H5Tinsert(memory.get(), "status", offsetof(IdStatus, status), types.utf8.get()),
           "index type");
  std::vector<IdStatus> rows;
  for (hsize_t first = 0; first < n; first += kSliceRows) {
    hsize_t count = std::min(kSliceRows, n - first);
    rows.assign(count, {});
    const H5Space slice(H5Screate_simple(1, &count, nullptr), "create index slice");
    h5_check(H5Sselect_hyperslab(space.get(), H5S_SELECT_SET, &first, nullptr, &count, nullptr),
             "select /index rows");
    h5_check(H5Dread(index, memory.get(), slice.get(), space.get(), H5P_DEFAULT, rows.data()),
             "read /index");
    visit(static_cast<std::size_t>(first), std::span<const IdStatus>(rows));
    h5_check(H5Dvlen_reclaim(memory.get(), slice.get(), H5P_DEFAULT, rows.data()),
             "free /index strings");
  }
}

const char* text_or_empty(const char* text) { return text ? text : ""; }

std::vector<std::string> column_names(hid_t index) {
  const H5Type type(H5Dget_type(index), "get /index type");
  const int n = h5_check(H5Tget_nmembers(type.get()), "count /index columns");
  std::vector<std::string> names;
  for (int i = 0; i < n; ++i) {
    char* name = H5Tget_member_name(type.get(), static_cast<unsigned>(i));
    if (!name) throw Error("cannot read the name of /index column " + std::to_string(i));
    names.emplace_back(name);
    H5free_memory(name);
  }
  return names;
}
}  // namespace

bool takes_nodes(const PointResult& point) {
  return std::any_of(point.nodes.begin(), point.nodes.end(),
                     [](const NodeRecord& r) { return r.origin != "computed"; });
}

std::vector<IndexEntry> read_index_entries(hid_t file, const StoreTypes& types) {
  const H5Dataset index(H5Dopen2(file, "index", H5P_DEFAULT), "open /index");
  std::vector<IndexEntry> entries;
  for_each_id_slice(index.get(), types, [&](std::size_t, std::span<const IdStatus> rows) {
    for (const auto& row : rows)
      entries.push_back({text_or_empty(row.id), status_from_name(text_or_empty(row.status))});
  });
  return entries;
}

IndexSummary read_index_summary(hid_t file, const StoreTypes& types, std::size_t offset,
                                std::size_t limit) {
  const H5Dataset index(H5Dopen2(file, "index", H5P_DEFAULT), "open /index");
  IndexSummary summary;
  summary.columns = column_names(index.get());
  summary.logged_points = point_count(index.get(), kLoggedPoints);
  summary.points_taking_nodes = point_count(index.get(), kPointsTakingNodes);
  for_each_id_slice(index.get(), types, [&](std::size_t first, std::span<const IdStatus> rows) {
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const auto status = status_from_name(text_or_empty(rows[r].status));
      ++summary.status_counts[static_cast<std::size_t>(status)];
      const auto row = first + r;
      if (row >= offset && row - offset < limit)
        summary.page_ids.emplace_back(text_or_empty(rows[r].id));
    }
    summary.rows += rows.size();
  });
  return summary;
}

}  // namespace assay
