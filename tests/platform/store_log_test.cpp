// A point's log (what its nodes gave Context::log) through the store: kept in the part-file
// record while the run goes on, in the point's group once finished, absent when empty.
#include <catch2/catch.hpp>

#include "store/encoding/point_codec.hpp"
#include "store/files/result_paths.hpp"
#include "store/hdf5/hdf5_handle.hpp"
#include "store/hdf5/hdf5_lock.hpp"
#include "store_test_support.hpp"

using namespace assay;
using namespace assay::store_test;

TEST_CASE("a point's log is read back from the parts and from the finished file", "[store]") {
  TempDir dir;
  const auto file = dir / "log.h5";
  auto talking = rich_point(0);
  talking.log = "fit: epoch 1 of 2\nfit: epoch 2 of 2";
  auto silent = rich_point(1);
  const auto logs = [&] {
    std::map<std::string, std::string> by_id;
    for (const auto& p : read_results(file).points) by_id[p.id] = p.log;
    return by_id;
  };
  ResultWriter writer(file, sample_info(), false);
  writer.add(talking);
  writer.add(silent);
  writer.commit();  // parts only: read through the part-file records
  CHECK(logs() == std::map<std::string, std::string>{{talking.id, talking.log}, {silent.id, ""}});
  writer.finish();  // the consolidated file: the point groups' log attribute
  CHECK(logs() == std::map<std::string, std::string>{{talking.id, talking.log}, {silent.id, ""}});
}

TEST_CASE("a record without a log is as long as before logs were stored", "[store]") {
  auto point = rich_point(2);
  std::vector<std::byte> without, with;
  PointRecordEncoder({point}).append(point, without);
  point.log = "n: m";
  PointRecordEncoder({point}).append(point, with);
  // The log is a length-prefixed string at the end, nothing else: so records written by part
  // format 2, which end where `without` ends, read as points with no log.
  CHECK(with.size() == without.size() + sizeof(std::uint64_t) + point.log.size());
  CHECK(PointRecordDecoder().parse(without).log.empty());
  CHECK(PointRecordDecoder().parse(with).log == "n: m");
}

TEST_CASE("a part file of format 2, written before logs, is still read", "[store]") {
  TempDir dir;
  const auto file = dir / "old.h5";
  ResultWriter writer(file, sample_info(), false);
  writer.add(rich_point(3));  // no log: its record is a format 2 record byte for byte
  writer.commit();
  const auto parts = committed_parts(file);
  REQUIRE(parts.size() == 1);
  {
    const auto lock = lock_hdf5();
    const H5File part(H5Fopen(parts[0].path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), "open part");
    const H5Attr format(H5Aopen(part.get(), "assay_part_format", H5P_DEFAULT), "open format");
    const std::int64_t two = 2;
    h5_check(H5Awrite(format.get(), H5T_NATIVE_INT64, &two), "write format");
  }
  const auto points = read_results(file).points;
  REQUIRE(points.size() == 1);
  CHECK(points[0].id == rich_point(3).id);
  CHECK(points[0].log.empty());
}
