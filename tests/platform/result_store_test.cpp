// The result store through its public interface: real HDF5 files in a temp folder, read back.
#include "store/result_store.hpp"

#include <hdf5.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <charconv>
#include <fstream>
#include <functional>

#include "pipeline/parse/source_error.hpp"
#include "store/files/result_paths.hpp"
#include "store/hdf5/hdf5_lock.hpp"
#include "store_test_support.hpp"

namespace fs = std::filesystem;
using namespace assay;
using namespace assay::store_test;

namespace {
std::vector<PointResult> in_sweep_order(std::vector<PointResult> points) {
  std::sort(points.begin(), points.end(),
            [](const auto& a, const auto& b) { return a.sweep_index < b.sweep_index; });
  return points;
}

std::vector<PointResult> rich_points(int n) {
  std::vector<PointResult> points;
  for (int i = 0; i < n; ++i)
    points.push_back(rich_point(i, i == 3 ? PointStatus::failed : PointStatus::ok));
  return points;
}

std::string exact_text(double x) {
  char buffer[64];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, x).ptr);
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const SourceError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("a finished result reads back every value kind and attribute", "[store]") {
  TempDir dir;
  const auto file = dir / "out.h5";
  const auto points = rich_points(6);
  write_result(file, points);

  const auto read = read_results(file);
  CHECK(read.points.size() == points.size());
  CHECK(same_points(read.points, in_sweep_order(points)));
  const auto expected = in_sweep_order(points);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CHECK(read.points[i].swept == expected[i].swept);  // plan order, typed
    CHECK(read.points[i].seed == expected[i].seed);    // above INT64_MAX
    CHECK(read.points[i].status == expected[i].status);
    CHECK(read.points[i].error == expected[i].error);
    REQUIRE(read.points[i].outputs.size() == expected[i].outputs.size());
    for (std::size_t k = 0; k < expected[i].outputs.size(); ++k) {
      CHECK(read.points[i].outputs[k].node == expected[i].outputs[k].node);
      CHECK(read.points[i].outputs[k].port == expected[i].outputs[k].port);
      CHECK(read.points[i].outputs[k].value == expected[i].outputs[k].value);
    }
  }
  const auto info = sample_info();
  CHECK(read.info.assay_version == info.assay_version);
  CHECK(read.info.created_utc == info.created_utc);
  CHECK(read.info.command == info.command);
  CHECK(read.info.pipeline_name == info.pipeline_name);
  CHECK(read.info.pipeline_toml == info.pipeline_toml);
  CHECK(read.info.fingerprint == info.fingerprint);
  CHECK(read.info.planned_points == info.planned_points);
  CHECK(read.info.swept_keys == info.swept_keys);
  CHECK(read.info.provenance == info.provenance);
  REQUIRE(read.info.plugins.size() == info.plugins.size());
  for (std::size_t i = 0; i < info.plugins.size(); ++i) {
    CHECK(read.info.plugins[i].name == info.plugins[i].name);
    CHECK(read.info.plugins[i].version == info.plugins[i].version);
    CHECK(read.info.plugins[i].path == info.plugins[i].path);
    CHECK(read.info.plugins[i].sha256 == info.plugins[i].sha256);
  }
  CHECK(read.info.shards.empty());
  CHECK_FALSE(fs::exists(parts_dir(file)));
  CHECK_FALSE(fs::exists(staging_path(file)));
}

TEST_CASE("summaries hold every point with its scalar outputs only", "[store]") {
  TempDir dir;
  const auto file = dir / "out.h5";
  ResultWriter writer(file, sample_info(), false);
  for (const auto& p : rich_points(4)) writer.add(p);
  writer.commit();
  const auto check = [&] {
    auto expected = in_sweep_order(rich_points(4));
    for (auto& p : expected)
      std::erase_if(p.outputs, [](const NodeOutput& o) { return !o.value.is_scalar(); });
    CHECK(same_points(read_result_summaries(file).points, expected));
  };
  check();  // from the parts
  writer.finish();
  check();  // from the consolidated file
}

TEST_CASE("an array-valued swept param too large for an object header round-trips", "[store]") {
  TempDir dir;
  const auto file = dir / "out.h5";
  auto point = rich_point(0);
  RealArray prior{{100, 100}, std::vector<double>(10000, 0.25)};  // 80 KB > 64 KiB
  point.swept.emplace_back("model.prior", prior);
  auto info = sample_info();
  info.swept_keys.push_back("model.prior");
  write_result(file, {point}, info);
  const auto read = read_results(file);
  REQUIRE(read.points.size() == 1);
  CHECK(read.points[0].swept == point.swept);
  CHECK(compound_field_classes(file, "index").at("model.prior") == "string");
}

TEST_CASE("/index has one typed row per point in sweep order, not id order", "[store]") {
  TempDir dir;
  const auto file = dir / "out.h5";
  const auto points = rich_points(5);  // point 3 failed: no model outputs
  write_result(file, points);

  const auto classes = compound_field_classes(file, "index");
  const std::map<std::string, std::string> expected_classes{
      {"point_id", "string"},     {"status", "string"},      {"replicate", "integer"},
      {"seed", "integer"},        {"data.n", "integer"},     {"model.rate", "float"},
      {"model.name", "string"},   {"model.flag", "enum"},    {"model.mean", "float"},
      {"model.count", "integer"}, {"model.label", "string"}, {"model.converged", "enum"},
      {"wall_s", "float"}};
  CHECK(classes == expected_classes);

  const auto columns = compound_columns(file, "index");
  const auto sorted = in_sweep_order(points);
  std::vector<std::string> ids;
  for (const auto& p : sorted) ids.push_back(p.id);
  REQUIRE_FALSE(std::is_sorted(ids.begin(), ids.end()));  // else both orders would pass
  CHECK(columns.at("point_id") == ids);
  for (std::size_t r = 0; r < sorted.size(); ++r) {
    const auto& p = sorted[r];
    const bool ok = p.status == PointStatus::ok;
    const int i = static_cast<int>(
        std::find_if(points.begin(), points.end(), [&](const auto& q) { return q.id == p.id; }) -
        points.begin());
    CHECK(columns.at("status")[r] == (ok ? "ok" : "failed"));
    CHECK(columns.at("replicate")[r] == std::to_string(i % 3));
    CHECK(columns.at("seed")[r] == std::to_string(p.seed));
    CHECK(columns.at("data.n")[r] == std::to_string(10 * (i % 4 + 1)));
    CHECK(columns.at("model.name")[r] == "α-" + std::to_string(i));
    CHECK(columns.at("model.flag")[r] == (i % 2 == 0 ? "1" : "0"));
    // A failed point has no model outputs: NaN, 0, "" and false.
    CHECK(columns.at("model.mean")[r] == (ok ? exact_text(0.1 * i - 1.0) : "nan"));
    CHECK(columns.at("model.rate")[r] == exact_text(0.5 + 0.25 * i));
    CHECK(columns.at("wall_s")[r] == exact_text(0.001 * (i + 1)));
    CHECK(columns.at("model.count")[r] == (ok ? std::to_string(-3 * i) : "0"));
    CHECK(columns.at("model.label")[r] == (ok ? "λ=" + std::to_string(i) : ""));
    CHECK(columns.at("model.converged")[r] == (ok && i % 3 != 0 ? "1" : "0"));
  }
}

TEST_CASE("committed points are readable before finish, and finish removes the parts", "[store]") {
  TempDir dir;
  const auto file = dir / "out.h5";
  ResultWriter writer(file, sample_info(), false);
  writer.add(rich_point(0));
  writer.add(rich_point(1));
  CHECK(writer.pending() == 2);
  writer.commit();
  CHECK(writer.pending() == 0);
  writer.add(rich_point(2));  // buffered, not committed
  const auto before = read_results(file);
  CHECK(same_points(before.points, in_sweep_order({rich_point(0), rich_point(1)})));
  CHECK(before.info.fingerprint == sample_info().fingerprint);
  CHECK_FALSE(fs::exists(file));
  writer.finish();
  CHECK(same_points(read_results(file).points,
                    in_sweep_order({rich_point(0), rich_point(1), rich_point(2)})));
  CHECK_FALSE(fs::exists(parts_dir(file)));
}

TEST_CASE("an existing result or parts folder is refused without --resume", "[store]") {
  TempDir dir;
  const auto file = dir / "out.h5";
  write_result(file, {rich_point(0)});
  const auto message = error_of([&] { ResultWriter(file, sample_info(), false); });
  CHECK_THAT(message, Catch::Contains(file.string()));
  CHECK_THAT(message, Catch::Contains("pass --resume to finish it, or choose another --out"));

  const auto unfinished = dir / "unfinished.h5";
  {
    ResultWriter writer(unfinished, sample_info(), false);
    writer.add(rich_point(1));
    writer.commit();
  }
  CHECK(fs::exists(parts_dir(unfinished)));
  CHECK_THAT(error_of([&] { ResultWriter(unfinished, sample_info(), false); }),
             Catch::Contains(unfinished.string()) && Catch::Contains("--resume"));
}

TEST_CASE("resume keeps the ok points, reports only them as done, and reruns the rest", "[store]") {
  TempDir dir;
  const auto file = dir / "out.h5";
  {
    ResultWriter first(file, sample_info(), false);
    first.add(rich_point(0));
    first.add(rich_point(1, PointStatus::failed));
    first.add(rich_point(2, PointStatus::timeout));
    first.commit();
    first.add(rich_point(3));
    first.commit();
  }  // stopped before finish
  ResultWriter second(file, sample_info(), true);
  CHECK(second.done() == std::unordered_set<std::string>{point_id(0), point_id(3)});
  second.add(rich_point(1));
  second.add(rich_point(2, PointStatus::failed));
  second.add(rich_point(4));
  second.finish();
  const auto read = read_results(file);
  CHECK(same_points(
      read.points, in_sweep_order({rich_point(0), rich_point(1), rich_point(2, PointStatus::failed),
                                   rich_point(3), rich_point(4)})));
  CHECK_FALSE(fs::exists(parts_dir(file)));

  ResultWriter third(file, sample_info(), true);  // resuming a finished result
  CHECK(third.done().size() == 4);
  CHECK_FALSE(third.done().count(point_id(2)));
  third.add(rich_point(2));
  third.finish();
  CHECK(same_points(
      read_results(file).points,
      in_sweep_order({rich_point(0), rich_point(1), rich_point(2), rich_point(3), rich_point(4)})));
}

TEST_CASE("an ok record is never replaced by a failed one", "[store]") {
  TempDir dir;
  const auto file = dir / "out.h5";
  {
    ResultWriter first(file, sample_info(), false);
    first.add(rich_point(0));
    first.add(rich_point(1, PointStatus::failed));
    first.commit();
  }
  {
    ResultWriter second(file, sample_info(), true);
    second.add(rich_point(0, PointStatus::failed));   // a later failure of a done point
    second.add(rich_point(1, PointStatus::timeout));  // a later failure of a failed point
    second.commit();
    const auto unfinished = read_results(file);  // parts only, in commit order
    CHECK(same_points(unfinished.points,
                      in_sweep_order({rich_point(0), rich_point(1, PointStatus::timeout)})));
    second.finish();
  }
  CHECK(same_points(read_results(file).points,
                    in_sweep_order({rich_point(0), rich_point(1, PointStatus::timeout)})));
}

TEST_CASE("resume refuses a result of another fingerprint, naming both", "[store]") {
  TempDir dir;
  const auto file = dir / "out.h5";
  write_result(file, {rich_point(0)}, sample_info("fp-old"));
  const auto message = error_of([&] { ResultWriter(file, sample_info("fp-new"), true); });
  CHECK_THAT(message, Catch::Contains(file.string()));
  CHECK_THAT(message, Catch::Contains("fp-old") && Catch::Contains("fp-new"));
}

TEST_CASE("reading a missing or foreign file names it", "[store]") {
  TempDir dir;
  const auto missing = dir / "missing.h5";
  CHECK_THAT(error_of([&] { read_results(missing); }), Catch::Contains(missing.string()));
  const auto garbage = dir / "garbage.h5";
  std::ofstream(garbage) << "not an HDF5 file";
  CHECK_THAT(error_of([&] { read_results(garbage); }),
             Catch::Contains(garbage.string()) && Catch::Contains("Assay result"));
}

TEST_CASE("half-written part files and staging files are ignored", "[store]") {
  TempDir dir;
  const auto file = dir / "out.h5";
  {
    ResultWriter writer(file, sample_info(), false);
    writer.add(rich_point(0));
    writer.commit();
  }
  std::ofstream(part_temp_path(file, 1)) << "half a part";
  std::ofstream(staging_path(file)) << "half a consolidated file";
  CHECK(same_points(read_results(file).points, {rich_point(0)}));
  ResultWriter resumed(file, sample_info(), true);
  CHECK_FALSE(fs::exists(part_temp_path(file, 1)));
  resumed.add(rich_point(1));
  resumed.finish();
  CHECK(same_points(read_results(file).points, in_sweep_order({rich_point(0), rich_point(1)})));
}

TEST_CASE("the store leaves no HDF5 identifier open", "[store]") {
  TempDir dir;
  const auto file = dir / "out.h5";
  {
    ResultWriter writer(file, sample_info(), false);
    writer.add(rich_point(0));
    writer.commit();
    read_results(file);
    writer.add(rich_point(1));
    writer.finish();
  }
  read_result_summaries(file);
  merge_results(dir / "merged.h5", {file});
  const auto lock = lock_hdf5();
  CHECK(H5Fget_obj_count(H5F_OBJ_ALL, H5F_OBJ_ALL) == 0);
}

TEST_CASE("point statuses have their contract names", "[store]") {
  CHECK(status_name(PointStatus::ok) == "ok");
  CHECK(status_name(PointStatus::failed) == "failed");
  CHECK(status_name(PointStatus::timeout) == "timeout");
  CHECK(status_from_name("timeout") == PointStatus::timeout);
  CHECK_THROWS(status_from_name("done"));
}
