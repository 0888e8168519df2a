// Running pipelines through the real executable: failures, timeouts, determinism, dry runs.
#include <catch2/catch.hpp>

#include "store/result_store.hpp"
#include "support/assay_process.hpp"

using namespace assay;
using namespace assay::testing;

namespace {

const std::string kMatrixSweep = R"(
[pipeline]
name = "matrix-sweep"
seed = 7

[nodes.data]
method = "uniform_matrix"
rows = 4

[nodes.left]
method = "matrix_summary"
inputs = { matrix = "data.matrix" }

[nodes.right]
method = "matrix_summary"
inputs = { matrix = "data.matrix" }

[sweep]
"data.cols" = [1, 2, 3, 5, 8]
"data.high" = [1.0, 10.0]
replicates = 3
)";

const PointResult& point_with(const ResultSet& results, const std::string& key,
                              const Value& value) {
  for (const auto& p : results.points)
    for (const auto& [k, v] : p.swept)
      if (k == key && v == value) return p;
  throw std::runtime_error("no point with " + key);
}

}  // namespace

TEST_CASE("the same pipeline gives bit-identical results with -j1 and -j2", "[run]") {
  TempFolder dir("determinism");
  write_text(dir.file("p.toml"), kMatrixSweep);
  REQUIRE(
      run_assay({"run", dir.file("p.toml"), "-o", dir.file("j1.h5"), "-j", "1", "-q"}).exit_code ==
      0);
  REQUIRE(
      run_assay({"run", dir.file("p.toml"), "-o", dir.file("j2.h5"), "-j", "2", "-q"}).exit_code ==
      0);
  const auto one = read_results(dir.file("j1.h5")), two = read_results(dir.file("j2.h5"));
  REQUIRE(one.points.size() == 30);
  REQUIRE(two.points.size() == one.points.size());
  for (std::size_t i = 0; i < one.points.size(); ++i) {
    CHECK(one.points[i].id == two.points[i].id);
    CHECK(one.points[i].seed == two.points[i].seed);
    REQUIRE(one.points[i].outputs.size() == 5);
    for (std::size_t k = 0; k < one.points[i].outputs.size(); ++k)
      CHECK(one.points[i].outputs[k].value == two.points[i].outputs[k].value);
  }
}

TEST_CASE("independent nodes both see their upstream output", "[run]") {
  TempFolder dir("diamond");
  write_text(dir.file("p.toml"), kMatrixSweep);
  REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "-q"}).exit_code == 0);
  const auto results = read_results(dir.file("r.h5"));
  for (const auto& p : results.points) {
    std::map<std::string, Value> by_name;
    for (const auto& o : p.outputs) by_name[o.node + "." + o.port] = o.value;
    const auto& m = by_name.at("data.matrix").as_real_array();
    double sum = 0;
    for (double x : m.data) sum += x;
    CHECK(by_name.at("left.mean").as_real() == Approx(sum / m.data.size()).epsilon(1e-12));
    CHECK(by_name.at("left.mean") == by_name.at("right.mean"));
  }
}

TEST_CASE("a throwing node fails its point only and the sweep goes on", "[run]") {
  TempFolder dir("failure");
  write_text(dir.file("p.toml"), R"(
[pipeline]
name = "failures"
[nodes.f]
method = "faulty"
[sweep]
"f.mode" = ["ok", "throw"]
"f.seconds" = [0.0, 0.01]
)");
  const auto run = run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "-q"});
  CHECK(run.exit_code == 1);
  const auto results = read_results(dir.file("r.h5"));
  REQUIRE(results.points.size() == 4);
  const auto& failed = point_with(results, "f.mode", Value("throw"));
  CHECK(failed.status == PointStatus::failed);
  CHECK_THAT(failed.error, Catch::Contains("f: faulty: thrown on purpose"));
  CHECK(point_with(results, "f.mode", Value("ok")).status == PointStatus::ok);
}

TEST_CASE("a node past --timeout marks its point timeout and the rest complete", "[run]") {
  TempFolder dir("timeout");
  write_text(dir.file("p.toml"), R"(
[pipeline]
name = "timeouts"
[nodes.f]
method = "faulty"
seconds = 60.0
[sweep]
"f.mode" = ["sleep", "ok"]
)");
  const auto start = std::chrono::steady_clock::now();
  const auto run =
      run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "-q", "--timeout", "0.3"});
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
  CHECK(run.exit_code == 1);
  const auto results = read_results(dir.file("r.h5"));
  CHECK(point_with(results, "f.mode", Value("sleep")).status == PointStatus::timeout);
  CHECK_THAT(point_with(results, "f.mode", Value("sleep")).error, Catch::Contains("timeout"));
  CHECK(point_with(results, "f.mode", Value("ok")).status == PointStatus::ok);
}

TEST_CASE("a dry run prints the expanded plan and writes nothing", "[run]") {
  TempFolder dir("dry");
  write_text(dir.file("p.toml"), kMatrixSweep);
  const auto run = run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "--dry-run",
                              "--set", "sweep.data.cols=[2, 3]"});
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.out, Catch::Contains("12 points") && Catch::Contains("data.cols"));
  CHECK_FALSE(std::filesystem::exists(dir.file("r.h5")));
}

TEST_CASE("a bad pipeline exits 2 naming file, line and key", "[run]") {
  TempFolder dir("bad");
  write_text(dir.file("p.toml"),
             "[pipeline]\nname = \"bad\"\n[nodes.a]\nmethod = \"uniform_matrx\"\n");
  const auto run = run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5")});
  CHECK(run.exit_code == 2);
  CHECK_THAT(run.err,
             Catch::Contains(dir.file("p.toml") + ":4:") && Catch::Contains("uniform_matrix"));
}
