// The CLI as a user meets it: listing, describing, crash safety and resume, reading with h5py.
#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
#include <set>
#include <thread>

#include "store/result_store.hpp"
#include "support/assay_process.hpp"
#include "support/skip.hpp"

using namespace assay;
using namespace assay::testing;

namespace {

// 160 points of 25 ms: about 2 s at -j2, so that a kill at 900 ms still lands mid-run.
const std::string kSlowSweep = R"(
[pipeline]
name = "slow-sweep"
[nodes.data]
method = "uniform_matrix"
[nodes.summary]
method = "matrix_summary"
inputs = { matrix = "data.matrix" }
[nodes.wait]                           # after the data, so each point has a wait of its own
method = "faulty"
mode = "sleep"
seconds = 0.025
inputs = { after = "summary.mean" }
[sweep]
"data.rows" = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]
"data.cols" = [1, 2, 3, 4, 5, 6, 7, 8]
)";

void check_points_intact(const ResultSet& results) {
  std::set<std::string> ids;
  for (const auto& p : results.points) {
    CHECK(ids.insert(p.id).second);
    REQUIRE(p.status == PointStatus::ok);
    std::int64_t rows = 0, cols = 0;
    for (const auto& [key, value] : p.swept) (key == "data.rows" ? rows : cols) = value.as_int();
    const auto& matrix = p.outputs.at(0).value.as_real_array();
    CHECK(matrix.shape == std::vector<std::size_t>{std::size_t(rows), std::size_t(cols)});
  }
}

}  // namespace

TEST_CASE("list and describe show the examples plugin", "[cli]") {
  const auto list = run_assay({"list"});
  CHECK(list.exit_code == 0);
  CHECK_THAT(list.out, Catch::Contains("uniform_matrix") && Catch::Contains("examples"));
  const auto json = run_assay({"list", "--json"});
  CHECK_THAT(json.out, Catch::StartsWith("{\"plugins\":["));
  const auto describe = run_assay({"describe", "faulty"});
  CHECK_THAT(describe.out, Catch::Contains("one of ok|throw|sleep|abort"));
  const auto unknown = run_assay({"describe", "uniform_matrx"});
  CHECK(unknown.exit_code == 2);
  CHECK_THAT(unknown.err, Catch::Contains("did you mean 'uniform_matrix'"));
}

TEST_CASE("describe FILE.so describes every method of that one plugin file", "[cli]") {
  const auto examples = std::string(ASSAY_BUILD_PLUGIN_DIR) + "/examples.so";
  const auto file = run_assay({"describe", examples});
  CHECK(file.exit_code == 0);
  std::size_t headers = 0;  // one "<id> <version>  (plugin examples, <file>)" line per method
  for (auto at = file.out.find("(plugin examples, "); at != std::string::npos;
       at = file.out.find("(plugin examples, ", at + 1))
    ++headers;
  CHECK(headers == 3);
  CHECK_THAT(file.out, Catch::StartsWith("faulty ") && Catch::Contains("\nmatrix_summary ") &&
                           Catch::Contains("\nuniform_matrix "));
  const auto refused =
      run_assay({"describe", std::string(ASSAY_BUILD_DIR) + "/tests/refused_plugins/wrong_abi.so"});
  CHECK(refused.exit_code == 2);
  CHECK_THAT(refused.err, Catch::Contains("wrong_abi.so: refused: SDK ABI mismatch"));
  const auto missing = run_assay({"describe", "no/such/plugin.so"});
  CHECK(missing.exit_code == 2);
  CHECK_THAT(missing.err, Catch::Contains("no/such/plugin.so: no such plugin file"));
  const auto misspelt_plugin = run_assay({"describe", "exampels"});
  CHECK(misspelt_plugin.exit_code == 2);
  CHECK_THAT(misspelt_plugin.err, Catch::Contains("did you mean 'examples'?"));
  const auto plugin_name = run_assay({"describe", "examples"});
  CHECK(plugin_name.exit_code == 2);
  CHECK_THAT(plugin_name.err, Catch::Contains("'examples' is a plugin, not a method") &&
                                  Catch::Contains("uniform_matrix") &&
                                  Catch::Contains("examples.so"));
}

TEST_CASE("a plugin folder in ASSAY_PLUGIN_PATH is searched and its refusals listed", "[cli]") {
  setenv("ASSAY_PLUGIN_PATH", (std::string(ASSAY_BUILD_DIR) + "/tests/refused_plugins").c_str(), 1);
  const auto list = run_assay({"list"});
  unsetenv("ASSAY_PLUGIN_PATH");
  CHECK(list.exit_code == 0);
  CHECK_THAT(list.out, Catch::Contains("wrong_abi.so: SDK ABI mismatch") &&
                           Catch::Contains("not_a_plugin.so: not an Assay plugin"));
  setenv("ASSAY_PLUGIN_PATH", "/no/such/plugin/folder", 1);
  const auto missing = run_assay({"list"});
  unsetenv("ASSAY_PLUGIN_PATH");
  CHECK_THAT(missing.out, Catch::Contains("/no/such/plugin/folder: no such file or folder"));
}

TEST_CASE("the user's plugin folder under XDG_DATA_HOME is searched when it exists", "[cli]") {
  TempFolder data("xdg_data");
  setenv("XDG_DATA_HOME", data.path().c_str(), 1);
  const auto without = run_assay({"list", "--check"});
  const auto folder = std::filesystem::path(data.path()) / "assay/plugins";
  std::filesystem::create_directories(folder);
  std::filesystem::copy_file(std::string(ASSAY_BUILD_DIR) + "/tests/chatty_plugin/chatty.so",
                             folder / "chatty.so");
  const auto with = run_assay({"list", "--check"});
  unsetenv("XDG_DATA_HOME");
  // No folder, nothing refused; a folder, its plugin listed beside the shipped ones.
  CHECK(without.exit_code == 0);
  CHECK_THAT(without.out, !Catch::Contains("chatty"));
  CHECK(with.exit_code == 0);
  CHECK_THAT(with.out,
             Catch::Contains((folder / "chatty.so").string()) && Catch::Contains("uniform_matrix"));
}

TEST_CASE("a result records the CPU, the worker threads and the Slurm job it ran in", "[cli]") {
  TempFolder dir("machine_provenance");
  const auto pipeline = std::string(ASSAY_SOURCE_DIR) + "/plugins/examples/pipelines/examples.toml";
  setenv("SLURM_JOB_ID", "4242", 1);
  const auto run = run_assay({"run", pipeline, "-o", dir.file("r.h5"), "-q", "-j", "2"});
  unsetenv("SLURM_JOB_ID");
  REQUIRE(run.exit_code == 0);
  const auto run_all = run_assay({"run", pipeline, "-o", dir.file("all.h5"), "-q"});
  REQUIRE(run_all.exit_code == 0);
  const auto provenance = read_results(dir.file("r.h5")).info.provenance;
  CHECK(provenance.at("jobs") == "2");
  CHECK(provenance.at("SLURM_JOB_ID") == "4242");
  CHECK_FALSE(provenance.at("cpu_model").empty());
  const auto all = read_results(dir.file("all.h5")).info.provenance;
  CHECK_THAT(all.at("jobs"), Catch::StartsWith("0 (all "));
  CHECK(all.count("SLURM_JOB_ID") == 0);
}

TEST_CASE("resume after SIGKILL at several moments keeps committed points and finishes",
          "[cli][store]") {
  for (const int delay_ms : {150, 500, 900}) {
    TempFolder dir("kill");
    write_text(dir.file("p.toml"), kSlowSweep);
    const auto out = dir.file("r.h5");
    const pid_t pid = start_assay({"run", dir.file("p.toml"), "-o", out, "-j", "2", "-q"});
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    kill(pid, SIGKILL);
    REQUIRE(wait_for(pid) == -SIGKILL);

    std::set<std::string> before;
    if (std::filesystem::exists(out) || std::filesystem::exists(out + ".parts")) {
      const auto partial = read_results(out);
      check_points_intact(partial);
      for (const auto& p : partial.points) before.insert(p.id);
    }
    const auto resumed = run_assay({"run", dir.file("p.toml"), "-o", out, "--resume", "-q"});
    CHECK(resumed.exit_code == 0);
    CHECK_THAT(resumed.err, Catch::Contains(std::to_string(before.size()) + " already done") ||
                                Catch::Contains("160 ok"));
    const auto finished = read_results(out);
    CHECK(finished.points.size() == 160);
    check_points_intact(finished);
  }
}

TEST_CASE("Ctrl-C stops cleanly and --resume finishes the run", "[cli][store]") {
  TempFolder dir("interrupt");
  write_text(dir.file("p.toml"), kSlowSweep);
  const auto out = dir.file("r.h5");
  const pid_t pid = start_assay({"run", dir.file("p.toml"), "-o", out, "-j", "2", "-q"});
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  kill(pid, SIGINT);
  CHECK(wait_for(pid) == 1);
  CHECK_FALSE(std::filesystem::exists(out + ".parts"));
  const auto partial = read_results(out);
  CHECK(partial.points.size() < 160);
  check_points_intact(partial);
  CHECK(run_assay({"run", dir.file("p.toml"), "-o", out, "--resume", "-q"}).exit_code == 0);
  CHECK(read_results(out).points.size() == 160);
}

TEST_CASE("an existing result is not overwritten without --resume", "[cli][store]") {
  TempFolder dir("exists");
  write_text(dir.file("p.toml"),
             "[pipeline]\nname = \"x\"\n[nodes.a]\nmethod = \"uniform_matrix\"\n");
  REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "-q"}).exit_code == 0);
  const auto again = run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "-q"});
  CHECK(again.exit_code == 2);
  CHECK_THAT(again.err, Catch::Contains("--resume"));
  CHECK_FALSE(std::filesystem::exists(dir.file("r.h5.lock")));  // a finished run removes it
}

TEST_CASE("a second run on the same --out is refused before it runs, naming the first's pid",
          "[cli][store]") {
  TempFolder dir("locked");
  write_text(dir.file("p.toml"), kSlowSweep);
  const auto out = dir.file("r.h5");
  const pid_t first = start_assay({"run", dir.file("p.toml"), "-o", out, "-j", "2", "-q"});
  for (int i = 0; i < 500 && !std::filesystem::exists(out + ".lock"); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  for (const char* resume : {"", "--resume"}) {
    std::vector<std::string> args{"run", dir.file("p.toml"), "-o", out, "-q"};
    if (*resume) args.push_back(resume);
    const auto second = run_assay(args);
    CHECK(second.exit_code == 2);
    CHECK_THAT(second.err, Catch::Contains("another run (pid " + std::to_string(first) + ")") &&
                               Catch::Contains(out));
  }
  kill(first, SIGKILL);  // the kernel drops its lock: a killed run leaves none to clear
  REQUIRE(wait_for(first) == -SIGKILL);
  CHECK(run_assay({"run", dir.file("p.toml"), "-o", out, "--resume", "-q"}).exit_code == 0);
  CHECK(read_results(out).points.size() == 160);
}

TEST_CASE("an --out that cannot be written is refused before any point runs", "[cli][store]") {
  TempFolder dir("unwritable");
  write_text(dir.file("p.toml"),
             "[pipeline]\nname = \"x\"\n[nodes.a]\nmethod = \"faulty\"\ntally = \"" +
                 dir.file("calls") + "\"\n");
  write_text(dir.file("a_file"), "");
  const auto r = run_assay({"run", dir.file("p.toml"), "-o", dir.file("a_file/r.h5"), "-q"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("cannot write here") && Catch::Contains("a_file/r.h5"));
  CHECK_FALSE(std::filesystem::exists(dir.file("calls")));  // the method never ran
}

TEST_CASE("a result reads back with h5py and its index loads as a table", "[cli][store]") {
  if (std::system("/usr/bin/python3 -c 'import h5py, numpy' 2>/dev/null") != 0) {
    ASSAY_SKIP("/usr/bin/python3 has no h5py");
  }
  TempFolder dir("h5py");
  const auto pipeline = std::string(ASSAY_SOURCE_DIR) + "/plugins/examples/pipelines/examples.toml";
  REQUIRE(run_assay({"run", pipeline, "-o", dir.file("r.h5"), "-q"}).exit_code == 0);
  write_text(dir.file("read.py"), R"(
import sys, h5py, numpy as np
f = h5py.File(sys.argv[1], "r")
index = f["index"][()]
assert len(index) == len(f["points"]), "one index row per point"
row = index[0]
pid = row["point_id"].decode()
m = f["points"][pid]["data"]["matrix"][()]
assert m.shape == (int(row["data.rows"]), f["points"][pid]["data"]["matrix"].shape[1])
assert abs(m.mean() - row["summary.mean"]) < 1e-12, "index scalar equals the dataset"
assert f.attrs["pipeline"]
print("ok", len(index))
)");
  CHECK(std::system(("/usr/bin/python3 " + dir.file("read.py") + " " + dir.file("r.h5")).c_str()) ==
        0);
}

TEST_CASE("assay new writes a plugin folder and refuses bad names and existing folders", "[cli]") {
  TempFolder dir("assay-new");
  const auto made = run_assay({"new", "plugin", "my_method", "--out-of-tree", dir.path()});
  CHECK(made.exit_code == 0);
  CHECK_THAT(made.out, Catch::Contains("wrote 8 files"));
  for (const char* file :
       {"CMakeLists.txt", "plugin.cpp", "sample_mean.hpp", "sample_mean.cpp",
        "tests/sample_mean_test.cpp", "tests/main.cpp", "pipelines/my_method.toml", "README.md"})
    CHECK(std::filesystem::is_regular_file(dir.file("my_method/") + file));
  const auto again = run_assay({"new", "plugin", "my_method", "--out-of-tree", dir.path()});
  CHECK(again.exit_code == 2);
  CHECK_THAT(again.err, Catch::Contains("my_method already exists"));
  const auto bad = run_assay({"new", "plugin", "My-Method", "--out-of-tree", dir.path()});
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("a lower-case C identifier"));
  CHECK_FALSE(std::filesystem::exists(dir.file("My-Method")));
  const auto what = run_assay({"new", "method", "x"});
  CHECK(what.exit_code == 2);
  CHECK_THAT(what.err, Catch::Contains("expected `assay new plugin NAME`"));
  // In tree needs the root of a source tree as the current folder; the temp folder is not one.
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path(dir.path());
  const auto in_tree = run_assay({"new", "plugin", "my_method"});
  std::filesystem::current_path(cwd);
  CHECK(in_tree.exit_code == 2);
  CHECK_THAT(in_tree.err, Catch::Contains("is not the root of an Assay source tree"));
}
