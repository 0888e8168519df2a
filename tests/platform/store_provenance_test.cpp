// Provenance outputs (PortSpec::provenance): the values a run's points produced for them are
// gathered into /provenance of the consolidated file, of a merged file, and of a resumed run.
#include <catch2/catch.hpp>

#include "store/result_store.hpp"
#include "store_test_support.hpp"

using namespace assay;
using namespace assay::store_test;

namespace {
// Point i read corpus "a" when i is even, "b" when odd; point 5 failed after reading "c".
PointResult corpus_point(int i) {
  auto point = rich_point(i, i == 5 ? PointStatus::failed : PointStatus::ok);
  const std::string digest = i == 5 ? "sha256:c" : i % 2 ? "sha256:b" : "sha256:a";
  point.outputs.push_back({"corpus", "content_hash", Value(digest)});
  point.outputs.push_back({"corpus", "files_read", Value(std::int64_t{1})});
  return point;
}

RunInfo corpus_info(int rank = 0) {
  auto info = sample_info();
  info.provenance_outputs = {"corpus.content_hash"};
  info.provenance["rank"] = std::to_string(rank);
  return info;
}

std::vector<PointResult> corpus_points(int first, int last, int step = 1) {
  std::vector<PointResult> points;
  for (int i = first; i < last; i += step) points.push_back(corpus_point(i));
  return points;
}

const std::string kKey = "output:corpus.content_hash";
}  // namespace

TEST_CASE("a provenance output's distinct values from ok points are in /provenance", "[store]") {
  TempDir dir;
  const auto file = dir / "run.h5";
  write_result(file, corpus_points(0, 8), corpus_info());
  const auto info = read_results(file).info;
  CHECK(info.provenance.at(kKey) == "sha256:a; sha256:b");  // not the failed point's "c"
  CHECK(info.provenance_outputs == std::vector<std::string>{"corpus.content_hash"});
  CHECK_FALSE(info.provenance.contains("output:corpus.files_read"));  // not declared

  write_result(dir / "plain.h5", corpus_points(0, 8), sample_info());
  CHECK_FALSE(read_results(dir / "plain.h5").info.provenance.contains(kKey));
}

TEST_CASE("a merged result lists the provenance outputs of every shard's points", "[store]") {
  TempDir dir;
  const auto even = dir / "even.h5", odd = dir / "odd.h5", merged = dir / "merged.h5";
  write_result(even, corpus_points(0, 8, 2), corpus_info(0));
  write_result(odd, corpus_points(1, 8, 2), corpus_info(1));
  CHECK(read_results(even).info.provenance.at(kKey) == "sha256:a");
  merge_results(merged, {even, odd});
  CHECK(read_results(merged).info.provenance.at(kKey) == "sha256:a; sha256:b");
}

TEST_CASE("a resumed run lists the provenance outputs of the points it kept", "[store]") {
  TempDir dir;
  const auto file = dir / "run.h5";
  {
    ResultWriter first(file, corpus_info(), false);
    first.add(corpus_point(0));
    first.commit();  // killed here: only the part holds point 0
  }
  ResultWriter resumed(file, corpus_info(), true);
  resumed.add(corpus_point(1));
  resumed.finish();
  CHECK(read_results(file).info.provenance.at(kKey) == "sha256:a; sha256:b");
}
