// Job arrays without MPI: --shard I/N runs a deterministic subset; `assay merge` joins them.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <vector>

#include "platform/distributed_results.hpp"
#include "store/result_store.hpp"
#include "support/assay_process.hpp"

using namespace assay;
using namespace assay::testing;

namespace {

std::string sweep_text(const std::string& rows) {
  return R"(
[pipeline]
name = "shard-sweep"
seed = 7
[nodes.data]
method = "uniform_matrix"
[nodes.summary]
method = "matrix_summary"
inputs = { matrix = "data.matrix" }
[sweep]
"data.rows" = )" +
         rows + R"(
"data.cols" = [1, 3, 5]
replicates = 2
)";
}

const std::string kRows = "[1, 2, 3, 4, 5]";  // 5 x 3 x 2 = 30 points

// Runs the sweep as three shards into p0.h5, p1.h5, p2.h5 of `dir`.
void run_three_shards(const TempFolder& dir) {
  for (int i = 0; i < 3; ++i) {
    const auto r =
        run_assay({"run", dir.file("p.toml"), "-o", dir.file("p" + std::to_string(i) + ".h5"),
                   "--shard", std::to_string(i) + "/3", "-j", "1", "-q"});
    REQUIRE(r.exit_code == 0);
  }
}

}  // namespace

TEST_CASE("shards 0/3, 1/3, 2/3 merged equal a single-process run", "[shard]") {
  TempFolder dir("shard");
  write_text(dir.file("p.toml"), sweep_text(kRows));
  REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", dir.file("single.h5"), "-j", "1", "-q"})
              .exit_code == 0);
  run_three_shards(dir);
  std::size_t in_shards = 0;
  for (int i = 0; i < 3; ++i) {
    const auto part = read_results(dir.file("p" + std::to_string(i) + ".h5")).points.size();
    CHECK(part == 10);  // plan index % 3 splits 30 points evenly
    in_shards += part;
  }
  CHECK(in_shards == 30);
  const auto merged = run_assay(
      {"merge", dir.file("merged.h5"), dir.file("p2.h5"), dir.file("p0.h5"), dir.file("p1.h5")});
  REQUIRE(merged.exit_code == 0);
  const auto result = read_results(dir.file("merged.h5"));
  require_same_points(read_results(dir.file("single.h5")), result);
  CHECK(result.info.shards.size() == 3);
}

TEST_CASE("merging a part of another pipeline fails and names it", "[shard]") {
  TempFolder dir("shard_other");
  write_text(dir.file("p.toml"), sweep_text(kRows));
  write_text(dir.file("other.toml"), sweep_text("[1, 2, 3, 4, 6]"));
  run_three_shards(dir);
  REQUIRE(
      run_assay({"run", dir.file("other.toml"), "-o", dir.file("other.h5"), "--shard", "1/3", "-q"})
          .exit_code == 0);
  const auto r = run_assay({"merge", dir.file("m.h5"), dir.file("p0.h5"), dir.file("other.h5")});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains(dir.file("other.h5")));
  CHECK_THAT(r.err, Catch::Contains("merge only shards of one sweep"));
  CHECK_FALSE(std::filesystem::exists(dir.file("m.h5")));
}

TEST_CASE("merging the same part twice does not duplicate points", "[shard]") {
  TempFolder dir("shard_twice");
  write_text(dir.file("p.toml"), sweep_text(kRows));
  REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", dir.file("single.h5"), "-j", "1", "-q"})
              .exit_code == 0);
  run_three_shards(dir);
  std::filesystem::copy_file(dir.file("p1.h5"), dir.file("p1-copy.h5"));
  REQUIRE(run_assay({"merge", dir.file("m.h5"), dir.file("p0.h5"), dir.file("p1.h5"),
                     dir.file("p1-copy.h5"), dir.file("p0.h5"), dir.file("p2.h5")})
              .exit_code == 0);
  require_same_points(read_results(dir.file("single.h5")), read_results(dir.file("m.h5")));
  // A merged result merged again with one of its own parts is unchanged point by point.
  REQUIRE(run_assay({"merge", dir.file("m2.h5"), dir.file("m.h5"), dir.file("p1.h5")}).exit_code ==
          0);
  require_same_points(read_results(dir.file("single.h5")), read_results(dir.file("m2.h5")));
}

namespace {

// The point ids of the shards a Slurm array with these task ids, MIN and STEP runs.
std::set<std::string> ids_of_array_tasks(const TempFolder& dir, const std::vector<int>& tasks,
                                         int min, int step) {
  setenv("SLURM_ARRAY_TASK_COUNT", std::to_string(tasks.size()).c_str(), 1);
  setenv("SLURM_ARRAY_TASK_MIN", std::to_string(min).c_str(), 1);
  setenv("SLURM_ARRAY_TASK_STEP", std::to_string(step).c_str(), 1);
  std::set<std::string> ids;
  std::size_t points = 0;
  for (const int task : tasks) {
    setenv("SLURM_ARRAY_TASK_ID", std::to_string(task).c_str(), 1);
    const auto out = dir.file("task" + std::to_string(task) + ".h5");
    const auto r = run_assay({"run", dir.file("p.toml"), "-o", out, "-j", "1", "-q"});
    REQUIRE(r.exit_code == 0);
    for (const auto& p : read_results(out).points) ids.insert(p.id), ++points;
  }
  CHECK(points == ids.size());  // no point in two shards
  return ids;
}

void clear_slurm_array() {
  for (const char* name : {"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN",
                           "SLURM_ARRAY_TASK_STEP"})
    unsetenv(name);
}

}  // namespace

TEST_CASE("a Slurm array numbered from 1 or with a step runs every point once", "[shard]") {
  TempFolder dir("slurm-array");
  write_text(dir.file("p.toml"), sweep_text("[1, 2]"));  // 12 points
  CHECK(ids_of_array_tasks(dir, {1, 2, 3}, 1, 1).size() == 12);
  CHECK(ids_of_array_tasks(dir, {0, 5, 10}, 0, 5).size() == 12);
  setenv("SLURM_ARRAY_TASK_ID", "4", 1);  // MIN 0, STEP 5, COUNT 3 from above: not a task
  const auto r = run_assay({"run", dir.file("p.toml"), "-o", dir.file("x.h5"), "-q"});
  clear_slurm_array();
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("SLURM_ARRAY_TASK_ID=4 (MIN 0, STEP 5, COUNT 3) is not a "
                                    "task of the array"));
}

TEST_CASE("a job count out of range is bad usage, never a wrap-around", "[cli]") {
  TempFolder dir("jobs");
  write_text(dir.file("p.toml"), sweep_text("[1]"));
  for (const auto* jobs : {"-1", "4294967297", "100000"}) {
    const auto r = run_assay({"run", dir.file("p.toml"), "-o", dir.file("j.h5"), "-j", jobs});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(std::string("--jobs ") + jobs + ": expected 0"));
  }
  CHECK(run_assay({"verify", "examples", "-j", "-3"}).exit_code == 2);
}

TEST_CASE("assay show reads the rank shards a killed MPI run leaves as one result", "[cli]") {
  TempFolder dir("rank_shards_show");
  write_text(dir.file("p.toml"), sweep_text(kRows));
  const auto out = dir.file("r.h5");
  for (int i = 0; i < 3; ++i)  // what three ranks leave: <out>.rank<k>.h5, no <out>
    REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", out + ".rank" + std::to_string(i) + ".h5",
                       "--shard", std::to_string(i) + "/3", "-q"})
                .exit_code == 0);
  const auto shown = run_assay({"show", out});
  INFO(shown.err);
  CHECK(shown.exit_code == 0);
  CHECK_THAT(shown.out, Catch::Contains("the 3 MPI rank shards") &&
                            Catch::Contains("30 of 30 points stored: 30 ok"));
  std::filesystem::remove(out + ".rank1.h5");
  CHECK_THAT(run_assay({"show", out}).out, Catch::Contains("20 of 30 points stored"));
}
