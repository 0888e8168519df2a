// `mpirun -np 2 assay run`: the points dealt over two ranks, joined into one result equal to a
// single-process run; a rank killed mid-run loses nothing that --resume cannot finish.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "mpi/rank_shards.hpp"
#include "platform/distributed_results.hpp"
#include "store/result_store.hpp"
#include "support/assay_process.hpp"
#include "support/skip.hpp"

extern char** environ;

using namespace assay;
using namespace assay::testing;
namespace fs = std::filesystem;

namespace {

const char* kMpirun = "/usr/bin/mpirun";

bool mpi_available() {
#ifdef ASSAY_HAVE_MPI
  return fs::exists(kMpirun);
#else
  return false;
#endif
}

// Starts `mpirun -np N assay args...` (output discarded); returns its pid.
pid_t start_mpirun(int ranks, const std::vector<std::string>& args) {
  std::vector<std::string> text{kMpirun,
                                "-np",
                                std::to_string(ranks),
                                "--oversubscribe",
                                "--allow-run-as-root",
                                std::string(ASSAY_BUILD_DIR) + "/bin/assay"};
  text.insert(text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : text) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, kMpirun, &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  REQUIRE(rc == 0);
  return pid;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The pid of the rank of an mpirun whose command line names `out`, once it runs.
pid_t find_rank(int rank, const std::string& out) {
  const std::string wanted = "OMPI_COMM_WORLD_RANK=" + std::to_string(rank);
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const auto name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    if (read_file(entry.path() / "cmdline").find(out) == std::string::npos) continue;
    std::string env = read_file(entry.path() / "environ");
    std::replace(env.begin(), env.end(), '\0', '\n');
    if (("\n" + env).find("\n" + wanted + "\n") != std::string::npos) return std::stoi(name);
  }
  return 0;
}

const std::string kQuickSweep = R"(
[pipeline]
name = "mpi-sweep"
seed = 3
[nodes.data]
method = "uniform_matrix"
[nodes.summary]
method = "matrix_summary"
inputs = { matrix = "data.matrix" }
[nodes.shared]                         # one lineage for every point: each rank may compute it
method = "uniform_matrix"
rows = 6
replicate = "shared"
[sweep]
"data.rows" = [1, 2, 3, 4, 5, 6, 7, 8]
"data.cols" = [2, 4, 8]
)";

// 80 points of 20 ms: about 0.8 s on two ranks, whose first commits come after 0.5 s.
const std::string kSlowSweep = R"(
[pipeline]
name = "mpi-slow-sweep"
[nodes.data]
method = "uniform_matrix"
[nodes.summary]
method = "matrix_summary"
inputs = { matrix = "data.matrix" }
[nodes.wait]                           # after the data, so each point has a wait of its own
method = "faulty"
mode = "sleep"
seconds = 0.02
inputs = { after = "summary.mean" }
[sweep]
"data.rows" = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
"data.cols" = [1, 2, 3, 4, 5, 6, 7, 8]
)";

}  // namespace

TEST_CASE("mpirun -np 2 equals a -j1 run point by point and bit for bit", "[mpi]") {
  if (!mpi_available()) {
    ASSAY_SKIP("built without MPI or no mpirun: distributed runs not tested");
  }
  TempFolder dir("mpi");
  write_text(dir.file("p.toml"), kQuickSweep);
  REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", dir.file("single.h5"), "-j", "1", "-q"})
              .exit_code == 0);
  const auto out = dir.file("out.h5");
  REQUIRE(wait_for(start_mpirun(2, {"run", dir.file("p.toml"), "-o", out, "-q"})) == 0);
  const auto merged = read_results(out);
  require_same_points(read_results(dir.file("single.h5")), merged);
  // The node every point shares is stored once in the merged file, as in the single one; the
  // nodes of one point each stay in their point's group, out of /nodes.
  CHECK(count_node_groups(out) == count_node_groups(dir.file("single.h5")));
  CHECK(count_node_groups(out) == 1);
  CHECK(rank_shards(out).empty());
  std::set<std::string> ranks;
  for (const auto& shard : merged.info.shards) ranks.insert(shard.at("mpi_rank"));
  CHECK(ranks == std::set<std::string>{"0", "1"});
  // A second run into the same file is refused rather than mixed in.
  CHECK(wait_for(start_mpirun(2, {"run", dir.file("p.toml"), "-o", out, "-q"})) != 0);
}

TEST_CASE("a rank killed mid-run, then --resume: nothing lost, nothing duplicated", "[mpi]") {
  if (!mpi_available()) {
    ASSAY_SKIP("built without MPI or no mpirun: distributed runs not tested");
  }
  for (const int resume_ranks : {1, 2}) {
    TempFolder dir("mpi_kill");
    write_text(dir.file("p.toml"), kSlowSweep);
    const auto out = dir.file("out.h5");
    const pid_t mpirun = start_mpirun(2, {"run", dir.file("p.toml"), "-o", out, "-q"});
    // Wait for rank 1's first committed part, then kill it.
    const auto parts = fs::path(rank_shard_path(out, 1).string() + ".parts");
    pid_t victim = 0;
    for (int i = 0; i < 500 && !victim; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      if (fs::exists(parts / "000000.h5")) victim = find_rank(1, out);
    }
    REQUIRE(victim > 0);
    kill(victim, SIGKILL);
    CHECK(wait_for(mpirun) != 0);

    std::set<std::string> committed;
    for (const auto& shard : rank_shards(out))
      if (fs::exists(shard) || fs::exists(shard.string() + ".parts"))
        for (const auto& p : read_results(shard).points) committed.insert(p.id);
    CHECK(!committed.empty());
    CHECK(committed.size() < 80);

    const std::vector<std::string> resume{"run", dir.file("p.toml"), "-o", out, "--resume", "-q"};
    if (resume_ranks == 1)
      REQUIRE(run_assay(resume).exit_code == 0);
    else
      REQUIRE(wait_for(start_mpirun(2, resume)) == 0);

    const auto finished = read_results(out);
    CHECK(finished.points.size() == 80);
    std::set<std::string> ids;
    for (const auto& p : finished.points) {
      CHECK(ids.insert(p.id).second);
      CHECK(p.status == PointStatus::ok);
    }
    for (const auto& id : committed) CHECK(ids.count(id));
    CHECK(rank_shards(out).empty());
    REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", dir.file("single.h5"), "-j", "1", "-q"})
                .exit_code == 0);
    require_same_points(read_results(dir.file("single.h5")), finished);
  }
}
