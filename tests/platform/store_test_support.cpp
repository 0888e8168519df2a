#include "store_test_support.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "store/encoding/point_codec.hpp"
#include "store/encoding/store_types.hpp"
#include "store/hdf5/hdf5_files.hpp"
#include "store/hdf5/hdf5_lock.hpp"

namespace assay::store_test {

namespace fs = std::filesystem;

TempDir::TempDir() {
  std::string pattern = (fs::temp_directory_path() / "assay_store_test_XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

RunInfo sample_info(const std::string& fingerprint) {
  RunInfo info;
  info.assay_version = "0.1.0";
  info.created_utc = "2024-05-06T07:08:09Z";
  info.command = "assay run rich.toml -o out.h5";
  info.pipeline_name = "rich";
  info.pipeline_toml = "[pipeline]\nname = \"rich\"\nseed = 1\n\n[nodes.data]\nmethod = \"gen\"\n";
  info.fingerprint = fingerprint;
  info.planned_points = 120;
  info.swept_keys = {"data.n", "model.rate", "model.name", "model.flag"};
  info.provenance = {{"host", "testhost"}, {"git_revision", "abc123"}, {"hdf5", "1.10.8"}};
  info.plugins = {{"examples", "1.0.0", "/opt/assay/examples.so", std::string(64, 'a')},
                  {"sbi_langevin", "0.3.1", "/opt/assay/sbi_langevin.so", std::string(64, 'b')}};
  return info;
}

std::string point_id(int i) {
  // Ids are hashes, so their order differs from the order points are added in.
  std::uint64_t x = static_cast<std::uint64_t>(i) + 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  x ^= x >> 31;
  char id[17];
  std::snprintf(id, sizeof id, "%016llx", static_cast<unsigned long long>(x));
  return id;
}

namespace {
RealArray real_array(std::vector<std::size_t> shape, double start) {
  RealArray a{std::move(shape), {}};
  std::size_t n = 1;
  for (const auto d : a.shape) n *= d;
  for (std::size_t k = 0; k < n; ++k) a.data.push_back(start + static_cast<double>(k) / 7.0);
  return a;
}

IntArray int_array(std::vector<std::size_t> shape, std::int64_t start) {
  IntArray a{std::move(shape), {}};
  std::size_t n = 1;
  for (const auto d : a.shape) n *= d;
  for (std::size_t k = 0; k < n; ++k) a.data.push_back(start - static_cast<std::int64_t>(k * k));
  return a;
}

Table history(int i) {
  Table t;
  t.add("step", std::vector<std::int64_t>{0, 1, 2});
  t.add("loss", std::vector<double>{1.5 + i, 0.75, 1.0 / 3.0});
  t.add("phase", std::vector<std::string>{"warm-up", "", "été"});
  return t;
}

// A checkpoint-like record: float32 arrays (values a double cannot round-trip through text),
// nested records, scalars, an empty record.
Record weights_record(int i) {
  Record params;
  params
      .add("block0.attn.q.weight", FloatArray{{2, 3}, {0.1f, -1e-8f, 3.3f, 1e30f, -0.0f, i * 0.7f}})
      .add("tok.weight", FloatArray{{0, 4}, {}});
  Record r;
  r.add("config", Record{}.add("model", "gpt").add("dim", 3).add("rms", true).add("eps", 1e-5))
      .add("params", std::move(params))
      .add("empty", Record{});
  return r;
}

void add_outputs(int i, PointResult& p) {
  p.outputs.push_back({"data", "matrix", real_array({3, 4}, i)});
  if (p.status != PointStatus::ok) return;  // the model node failed: only data's outputs
  p.outputs.push_back({"data", "counts", int_array({2, 2, 2}, 1000 * i)});
  p.outputs.push_back({"data", "vector", real_array({5}, -i)});
  p.outputs.push_back({"data", "empty", RealArray{{0, 3}, {}}});
  p.outputs.push_back({"data", "no_ints", IntArray{{0}, {}}});
  p.outputs.push_back({"data", "medium", real_array({50, 50}, 0.5 * i)});           // contiguous
  if (i == 0) p.outputs.push_back({"data", "large", real_array({300, 100}, 2.0)});  // chunked
  if (i == 0) p.outputs.push_back({"data", "large_ints", int_array({20000}, 7)});
  p.outputs.push_back({"model", "mean", 0.1 * i - 1.0});
  p.outputs.push_back({"model", "count", std::int64_t{-3} * i});
  p.outputs.push_back({"model", "label", "λ=" + std::to_string(i)});
  p.outputs.push_back({"model", "converged", i % 3 != 0});
  p.outputs.push_back({"model", "history", history(i)});
  p.outputs.push_back({"model", "no_columns", Table{}});
  p.outputs.push_back(
      {"model", "no_rows",
       Table{}.add("x", std::vector<double>{}).add("name", std::vector<std::string>{})});
  if (i == 1) p.outputs.push_back({"model", "nothing", Value()});
  p.outputs.push_back({"model", "weights", weights_record(i)});
}
}  // namespace

PointResult rich_point(int i, PointStatus status) {
  PointResult p;
  p.id = point_id(i);
  p.replicate = i % 3;
  p.sweep_index = static_cast<std::uint64_t>(i);
  p.seed = 0xF000000000000000ull + static_cast<std::uint64_t>(i);
  p.swept = {{"data.n", std::int64_t{10} * (i % 4 + 1)},
             {"model.rate", 0.5 + 0.25 * i},
             {"model.name", "α-" + std::to_string(i)},
             {"model.flag", i % 2 == 0}};
  p.status = status;
  if (status != PointStatus::ok) p.error = "model: failed at step " + std::to_string(i);
  p.wall_s = 0.001 * (i + 1);
  add_outputs(i, p);
  return p;
}

PointResult small_point(int i) {
  PointResult p;
  p.id = point_id(i);
  p.sweep_index = static_cast<std::uint64_t>(i);
  p.seed = static_cast<std::uint64_t>(i) * 7919;
  p.swept = {{"data.rows", std::int64_t{10}}};
  p.wall_s = 1e-4;
  p.outputs.push_back({"data", "matrix", real_array({10, 10}, 0.01 * i)});
  p.outputs.push_back({"summary", "mean", 0.5 + 1e-6 * i});
  p.outputs.push_back({"summary", "frobenius", 5.7 + 1e-6 * i});
  return p;
}

void write_result(const fs::path& file, const std::vector<PointResult>& points,
                  const RunInfo& info) {
  ResultWriter writer(file, info, false);
  for (const auto& p : points) writer.add(p);
  writer.finish();
}

namespace {
std::string number_text(double x) {
  if (std::isnan(x)) return "nan";
  char buffer[64];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, x).ptr;
  return std::string(buffer, end);
}

template <class T>
std::vector<std::string> read_field(hid_t dataset, const char* name, hid_t memory_type,
                                    std::size_t rows) {
  const H5Type memory(H5Tcreate(H5T_COMPOUND, sizeof(T)), "field type");
  h5_check(H5Tinsert(memory.get(), name, 0, memory_type), "field member");
  std::vector<T> values(rows);
  if (rows > 0)
    h5_check(H5Dread(dataset, memory.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()),
             "read field");
  std::vector<std::string> texts;
  for (const auto& v : values) {
    if constexpr (std::is_same_v<T, char*>) {
      texts.emplace_back(v ? v : "");
      H5free_memory(v);
    } else if constexpr (std::is_same_v<T, double>) {
      texts.push_back(number_text(v));
    } else {
      texts.push_back(std::to_string(v));
    }
  }
  return texts;
}

const char* class_name(H5T_class_t c) {
  switch (c) {
    case H5T_INTEGER:
      return "integer";
    case H5T_FLOAT:
      return "float";
    case H5T_STRING:
      return "string";
    case H5T_ENUM:
      return "enum";
    case H5T_COMPOUND:
      return "compound";
    default:
      return "other";
  }
}
}  // namespace

std::map<std::string, std::vector<std::string>> compound_columns(const fs::path& file,
                                                                 const std::string& dataset) {
  const auto lock = lock_hdf5();
  const StoreTypes types;
  const H5File f = open_hdf5_file(file);
  const H5Dataset d(H5Dopen2(f.get(), dataset.c_str(), H5P_DEFAULT), "open " + dataset);
  const H5Type type(H5Dget_type(d.get()), "type");
  const H5Space space(H5Dget_space(d.get()), "space");
  const auto rows = static_cast<std::size_t>(H5Sget_simple_extent_npoints(space.get()));
  std::map<std::string, std::vector<std::string>> columns;
  for (int m = 0; m < H5Tget_nmembers(type.get()); ++m) {
    char* raw_name = H5Tget_member_name(type.get(), m);
    const std::string name = raw_name;
    H5free_memory(raw_name);
    const H5Type member(H5Tget_member_type(type.get(), m), "member type");
    auto& column = columns[name];
    switch (H5Tget_class(member.get())) {
      case H5T_INTEGER:
        column = H5Tget_sign(member.get()) == H5T_SGN_NONE
                     ? read_field<std::uint64_t>(d.get(), name.c_str(), H5T_NATIVE_UINT64, rows)
                     : read_field<std::int64_t>(d.get(), name.c_str(), H5T_NATIVE_INT64, rows);
        break;
      case H5T_FLOAT:
        column = read_field<double>(d.get(), name.c_str(), H5T_NATIVE_DOUBLE, rows);
        break;
      case H5T_STRING:
        column = read_field<char*>(d.get(), name.c_str(), types.utf8.get(), rows);
        break;
      case H5T_ENUM:
        column = read_field<std::int8_t>(d.get(), name.c_str(), types.boolean.get(), rows);
        break;
      default:
        column.assign(rows, "?");
    }
  }
  return columns;
}

std::map<std::string, std::string> compound_field_classes(const fs::path& file,
                                                          const std::string& dataset) {
  const auto lock = lock_hdf5();
  const H5File f = open_hdf5_file(file);
  const H5Dataset d(H5Dopen2(f.get(), dataset.c_str(), H5P_DEFAULT), "open " + dataset);
  const H5Type type(H5Dget_type(d.get()), "type");
  std::map<std::string, std::string> classes;
  for (int m = 0; m < H5Tget_nmembers(type.get()); ++m) {
    char* name = H5Tget_member_name(type.get(), m);
    classes[name] = class_name(H5Tget_member_class(type.get(), m));
    H5free_memory(name);
  }
  return classes;
}

bool same_points(const std::vector<PointResult>& a, const std::vector<PointResult>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    std::vector<std::byte> ra, rb;
    PointRecordEncoder({a[i]}).append(a[i], ra);
    PointRecordEncoder({b[i]}).append(b[i], rb);
    if (ra != rb) return false;
  }
  return true;
}

}  // namespace assay::store_test
