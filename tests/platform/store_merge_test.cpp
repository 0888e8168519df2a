// merge_results: shards of one sweep joined into a result equal to a single-process run.
#include <catch2/catch.hpp>
#include <functional>

#include "pipeline/parse/source_error.hpp"
#include "store/files/result_paths.hpp"
#include "store/result_store.hpp"
#include "store_test_support.hpp"

namespace fs = std::filesystem;
using namespace assay;
using namespace assay::store_test;

namespace {
PointResult sweep_point(int i) {
  return rich_point(i, i % 7 == 3 ? PointStatus::failed : PointStatus::ok);
}

std::vector<PointResult> sweep_points(int first, int last) {
  std::vector<PointResult> points;
  for (int i = first; i < last; ++i) points.push_back(sweep_point(i));
  return points;
}

RunInfo shard_info(int rank, const std::string& fingerprint = "fp-sweep-1") {
  auto info = sample_info(fingerprint);
  info.provenance["host"] = "node" + std::to_string(rank);
  info.provenance["rank"] = std::to_string(rank);
  return info;
}

// Shard k of n holds the points i with i % n == k; an unfinished shard has only parts.
fs::path write_shard(const TempDir& dir, int k, int n, int points, bool finished) {
  const auto file = dir / ("shard" + std::to_string(k) + ".h5");
  ResultWriter writer(file, shard_info(k), false);
  for (int i = k; i < points; i += n) {
    writer.add(sweep_point(i));
    if (writer.pending() == 4) writer.commit();
  }
  if (finished)
    writer.finish();
  else
    writer.commit();
  return file;
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

TEST_CASE("three merged shards equal the single-process result point by point", "[store]") {
  TempDir dir;
  constexpr int n = 24;
  const auto single = dir / "single.h5";
  write_result(single, sweep_points(0, n), shard_info(0));
  const std::vector<fs::path> shards{write_shard(dir, 0, 3, n, true),
                                     write_shard(dir, 1, 3, n, true),
                                     write_shard(dir, 2, 3, n, false)};  // a rank that died
  const auto merged = dir / "merged.h5";
  merge_results(merged, shards);

  const auto m = read_results(merged), s = read_results(single);
  REQUIRE(m.points.size() == static_cast<std::size_t>(n));
  CHECK(same_points(m.points, s.points));  // same ids, every dataset bit for bit
  CHECK(compound_columns(merged, "index") == compound_columns(single, "index"));
  CHECK(m.info.fingerprint == s.info.fingerprint);
  CHECK(m.info.swept_keys == s.info.swept_keys);
  REQUIRE(m.info.shards.size() == 3);
  for (int k = 0; k < 3; ++k) {
    CHECK(m.info.shards[k].at("host") == "node" + std::to_string(k));
    CHECK(m.info.shards[k].at("rank") == std::to_string(k));
    CHECK(m.info.shards[k].at("file") == shards[k].string());
  }
  CHECK_FALSE(fs::exists(parts_dir(merged)));
  CHECK(fs::exists(parts_dir(shards[2])));  // inputs are left as they were
}

TEST_CASE("merging a shard twice or overlapping shards writes each point once", "[store]") {
  TempDir dir;
  const auto a = dir / "a.h5", b = dir / "b.h5";
  write_result(a, sweep_points(0, 10), shard_info(0));
  write_result(b, sweep_points(5, 15), shard_info(1));
  const auto twice = dir / "twice.h5";
  merge_results(twice, {a, a, dir / "." / "a.h5"});
  CHECK(same_points(read_results(twice).points, read_results(a).points));
  CHECK(read_results(twice).info.shards.size() == 1);

  const auto overlap = dir / "overlap.h5";
  merge_results(overlap, {a, b});
  const auto single = dir / "single.h5";
  write_result(single, sweep_points(0, 15));
  CHECK(same_points(read_results(overlap).points, read_results(single).points));
}

TEST_CASE("a merged result merges again and keeps every shard's provenance", "[store]") {
  TempDir dir;
  constexpr int n = 12;
  const auto s0 = write_shard(dir, 0, 3, n, true), s1 = write_shard(dir, 1, 3, n, true),
             s2 = write_shard(dir, 2, 3, n, true);
  const auto first = dir / "first.h5", all = dir / "all.h5";
  merge_results(first, {s0, s1});
  merge_results(all, {first, s2});
  const auto single = dir / "single.h5";
  write_result(single, sweep_points(0, n));
  const auto merged = read_results(all);
  CHECK(same_points(merged.points, read_results(single).points));
  REQUIRE(merged.info.shards.size() == 3);
  CHECK(merged.info.shards[2].at("host") == "node2");
}

TEST_CASE("merging a shard of another sweep fails naming the file and both fingerprints",
          "[store]") {
  TempDir dir;
  const auto a = dir / "a.h5", other = dir / "other.h5";
  write_result(a, sweep_points(0, 3), shard_info(0));
  write_result(other, sweep_points(3, 6), shard_info(1, "fp-another-sweep"));
  const auto out = dir / "out.h5";
  const auto message = error_of([&] { merge_results(out, {a, other}); });
  CHECK_THAT(message, Catch::Contains(other.string()));
  CHECK_THAT(message, Catch::Contains("fp-sweep-1") && Catch::Contains("fp-another-sweep"));
  CHECK_FALSE(fs::exists(out));
  CHECK_THAT(error_of([&] {
               merge_results(out, {a, dir / "missing.h5"});
             }),
             Catch::Contains((dir / "missing.h5").string()));
}

TEST_CASE("merge refuses to overwrite a file that is not one of its shards", "[store]") {
  TempDir dir;
  const auto a = dir / "a.h5", b = dir / "b.h5";
  write_result(a, sweep_points(0, 3), shard_info(0));
  write_result(b, sweep_points(3, 6), shard_info(1));
  CHECK_THAT(error_of([&] { merge_results(b, {a}); }), Catch::Contains(b.string()));
  merge_results(a, {a, b});  // growing one of the inputs is fine
  CHECK(read_results(a).points.size() == 6);
}
