#include "store/files/part_file.hpp"

#include <cstddef>
#include <set>

#include "assay/error.hpp"
#include "store/encoding/point_codec.hpp"
#include "store/encoding/value_encoding.hpp"
#include "store/files/result_paths.hpp"
#include "store/hdf5/durable_file.hpp"
#include "store/hdf5/hdf5_files.hpp"
#include "store/layout/run_info_io.hpp"

namespace assay {

namespace {
constexpr const char* kFormatAttribute = "assay_part_format";
// 2: records carry node lineage; 3: and a point's log (point_codec.hpp); 4: values may be
// float32 arrays and records (kind bytes 8 and 9; the others are unchanged). Format 2 parts read
// as points without logs; an Assay that reads only 2 refuses 3 by name.
constexpr std::int64_t kFormat = 4;
constexpr std::int64_t kOldestReadFormat = 2;
// Parts list the lineage keys they hold whole; those written before the list are decoded instead.
constexpr const char* kNodeKeys = "node_keys";

void write_vector(hid_t file, const char* name, hid_t type, std::size_t n, const void* data) {
  const hsize_t extent = n;
  const H5Space space(H5Screate_simple(1, &extent, nullptr), "create dataspace");
  const H5Dataset dataset(
      H5Dcreate2(file, name, type, space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
      std::string("create part dataset ") + name);
  if (n > 0)
    h5_check(H5Dwrite(dataset.get(), type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data),
             std::string("write part dataset ") + name);
}

template <class T>
std::vector<T> read_vector(hid_t file, const char* name, hid_t type) {
  const H5Dataset dataset(H5Dopen2(file, name, H5P_DEFAULT),
                          std::string("open part dataset ") + name);
  const H5Space space(H5Dget_space(dataset.get()), "get part dataspace");
  std::vector<T> values(static_cast<std::size_t>(H5Sget_simple_extent_npoints(space.get())));
  if (!values.empty())
    h5_check(H5Dread(dataset.get(), type, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()),
             std::string("read part dataset ") + name);
  return values;
}

std::vector<std::string> read_strings(hid_t file, const char* name, const StoreTypes& types) {
  auto texts = read_vector<char*>(file, name, types.utf8.get());
  std::vector<std::string> ids;
  ids.reserve(texts.size());
  for (char* t : texts) {
    ids.emplace_back(t ? t : "");
    H5free_memory(t);
  }
  return ids;
}

H5File open_part(const std::filesystem::path& part) {
  H5File file = open_hdf5_file(part);
  if (H5Aexists(file.get(), kFormatAttribute) <= 0)
    throw Error(part.string() + ": not an Assay part file");
  const StoreTypes types;
  const H5Attr format(H5Aopen(file.get(), kFormatAttribute, H5P_DEFAULT), "open part format");
  const Value found = read_attribute_value(format.get(), types);
  if (found.kind() != Kind::integer || found.as_int() < kOldestReadFormat ||
      found.as_int() > kFormat)
    throw Error(part.string() + ": a part file of another Assay version (part format " +
                to_text(found) + ", this one reads " + std::to_string(kOldestReadFormat) + " to " +
                std::to_string(kFormat) + "); finish it with the Assay that wrote it");
  return file;
}

// The lineage keys whose outputs the part holds whole (of ok points, none left unstored), each
// once: what --resume needs to find a node of the killed run without decoding every record.
std::vector<std::string> whole_node_keys(const std::vector<PointResult>& points) {
  std::set<std::string> keys;
  for (const auto& point : points)
    if (point.status == PointStatus::ok)
      for (const auto& record : point.nodes)
        if (record.unstored.empty()) keys.insert(record.key);
  return {keys.begin(), keys.end()};
}
}  // namespace

void write_part_file(const std::filesystem::path& result_file, std::uint64_t number,
                     const RunInfo& info, const std::vector<PointResult>& points) {
  std::vector<std::byte> records;
  std::vector<std::uint64_t> offsets{0};
  std::vector<const char*> ids;
  std::vector<std::uint8_t> statuses;
  PointRecordEncoder encoder(points);
  for (const auto& point : points) {
    encoder.append(point, records);
    offsets.push_back(records.size());
    ids.push_back(point.id.c_str());
    statuses.push_back(static_cast<std::uint8_t>(point.status));
  }
  const auto temp = part_temp_path(result_file, number);
  {
    const StoreTypes types;
    H5File file = create_hdf5_file(temp);
    write_run_info(file.get(), info, types);
    write_value_attribute(file.get(), kFormatAttribute, Value(kFormat), types);
    write_vector(file.get(), "ids", types.utf8.get(), ids.size(), ids.data());
    write_vector(file.get(), "statuses", H5T_NATIVE_UINT8, statuses.size(), statuses.data());
    write_vector(file.get(), "offsets", H5T_NATIVE_UINT64, offsets.size(), offsets.data());
    write_vector(file.get(), "records", H5T_NATIVE_UINT8, records.size(), records.data());
    const auto keys = whole_node_keys(points);
    std::vector<const char*> key_texts;
    for (const auto& key : keys) key_texts.push_back(key.c_str());
    write_vector(file.get(), kNodeKeys, types.utf8.get(), key_texts.size(), key_texts.data());
    file.close("close " + temp.string());
  }
  start_writeback(temp);
}

void publish_part_file(const std::filesystem::path& result_file, std::uint64_t number) {
  publish_file(part_temp_path(result_file, number), part_path(result_file, number));
}

PartIndex read_part_index(const std::filesystem::path& part) {
  const StoreTypes types;
  const H5File file = open_part(part);
  PartIndex index{read_run_info(file.get(), types), read_strings(file.get(), "ids", types), {}};
  for (const auto s : read_vector<std::uint8_t>(file.get(), "statuses", H5T_NATIVE_UINT8)) {
    if (s > static_cast<std::uint8_t>(PointStatus::timeout))
      throw Error(part.string() + ": damaged point status");
    index.statuses.push_back(static_cast<PointStatus>(s));
  }
  if (index.statuses.size() != index.ids.size())
    throw Error(part.string() + ": ids and statuses differ in length");
  return index;
}

std::vector<PointResult> read_part_points(const std::filesystem::path& part) {
  const H5File file = open_part(part);
  const auto offsets = read_vector<std::uint64_t>(file.get(), "offsets", H5T_NATIVE_UINT64);
  const auto records = read_vector<std::byte>(file.get(), "records", H5T_NATIVE_UINT8);
  std::vector<PointResult> points;
  PointRecordDecoder decoder;
  for (std::size_t i = 0; i + 1 < offsets.size(); ++i) {
    if (offsets[i] > offsets[i + 1] || offsets[i + 1] > records.size())
      throw Error(part.string() + ": damaged record offsets");
    try {
      points.push_back(
          decoder.parse(std::span(records).subspan(offsets[i], offsets[i + 1] - offsets[i])));
    } catch (const Error& e) {
      throw Error(part.string() + ": " + e.what());
    }
  }
  return points;
}

std::vector<std::string> read_part_node_keys(const std::filesystem::path& part) {
  {
    const StoreTypes types;
    const H5File file = open_part(part);
    if (H5Lexists(file.get(), kNodeKeys, H5P_DEFAULT) > 0)
      return read_strings(file.get(), kNodeKeys, types);
  }
  return whole_node_keys(read_part_points(part));
}

}  // namespace assay
