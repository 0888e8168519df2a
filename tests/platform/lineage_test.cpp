// Node lineage through the real CLI and result files: a node's seed and outputs follow from its
// lineage key, so points that differ only downstream share it, a run computes it once, the file
// stores it once, --reuse takes it from an older result and --resume grows a sweep.
#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "store/result_store.hpp"
#include "support/assay_process.hpp"
#include "support/skip.hpp"

using namespace assay;
using namespace assay::testing;

namespace {

// How often a faulty node with `tally = path` ran: one line per call.
std::size_t calls(const std::string& tally) {
  std::ifstream in(tally);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

const Value& output(const PointResult& p, const std::string& node, const std::string& port) {
  for (const auto& o : p.outputs)
    if (o.node == node && o.port == port) return o.value;
  throw std::runtime_error("no output " + node + "." + port + " in point " + p.id);
}

const NodeRecord& record(const PointResult& p, const std::string& node) {
  for (const auto& r : p.nodes)
    if (r.node == node) return r;
  throw std::runtime_error("no lineage of " + node + " in point " + p.id);
}

std::string swept_text(const PointResult& p, const std::string& key) {
  for (const auto& [k, v] : p.swept)
    if (k == key) return to_text(v);
  return "";
}

// An upstream node of `up_seconds` and a downstream node swept over `values` (10 ms each),
// both counting their calls.
std::string shared_pipeline(const TempFolder& dir, double up_seconds, const std::string& values,
                            int replicates, bool shared) {
  return "[pipeline]\nname = \"lineage\"\n"
         "[nodes.data]\nmethod = \"uniform_matrix\"\nrows = 40\ncols = 40\n" +
         std::string(shared ? "replicate = \"shared\"\n" : "") +
         "[nodes.up]\nmethod = \"faulty\"\nmode = \"sleep\"\nseconds = " +
         std::to_string(up_seconds) + "\ntally = \"" + dir.file("up.tally") + "\"\n" +
         (shared ? "replicate = \"shared\"\n" : "") +
         "[nodes.summary]\nmethod = \"matrix_summary\"\ninputs = { matrix = \"data.matrix\" }\n" +
         "[nodes.down]\nmethod = \"faulty\"\nmode = \"sleep\"\ninputs = { after = \"up.value\" }\n"
         "tally = \"" +
         dir.file("down.tally") + "\"\n[sweep]\n\"down.seconds\" = " + values +
         "\nreplicates = " + std::to_string(replicates) + "\n";
}

}  // namespace

TEST_CASE("a sweep over a downstream param leaves upstream outputs bit-identical", "[lineage]") {
  TempFolder dir("downstream");
  write_text(dir.file("p.toml"), shared_pipeline(dir, 0, "[0.0, 0.001, 0.002]", 2, false));
  REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "-q"}).exit_code == 0);
  const auto result = read_results(dir.file("r.h5"));
  REQUIRE(result.points.size() == 6);
  std::map<std::int64_t, const PointResult*> first_of_replicate;
  for (const auto& p : result.points) {
    const auto [first, added] = first_of_replicate.emplace(p.replicate, &p);
    if (added) continue;
    CHECK(output(p, "data", "matrix") == output(*first->second, "data", "matrix"));
    CHECK(record(p, "data").key == record(*first->second, "data").key);
    CHECK(record(p, "down").key != record(*first->second, "down").key);
  }
  // Replicates are independent draws: their data differ.
  CHECK(output(*first_of_replicate[0], "data", "matrix") !=
        output(*first_of_replicate[1], "data", "matrix"));
}

TEST_CASE("a node shared by every point runs once per run at -j2", "[lineage]") {
  TempFolder dir("once");
  const std::string values = "[0.0, 0.001, 0.002, 0.003, 0.004, 0.005]";
  // A slow upstream node, so that points in flight at -j2 must wait for it.
  write_text(dir.file("each.toml"), shared_pipeline(dir, 0.3, values, 2, false));
  REQUIRE(run_assay({"run", dir.file("each.toml"), "-o", dir.file("each.h5"), "-j", "2", "-q"})
              .exit_code == 0);
  CHECK(calls(dir.file("up.tally")) == 2);  // one per replicate
  CHECK(calls(dir.file("down.tally")) == 12);
  std::filesystem::remove(dir.file("up.tally"));
  std::filesystem::remove(dir.file("down.tally"));

  write_text(dir.file("shared.toml"), shared_pipeline(dir, 0.3, values, 2, true));
  const auto run =
      run_assay({"run", dir.file("shared.toml"), "-o", dir.file("shared.h5"), "-j", "2", "-q"});
  REQUIRE(run.exit_code == 0);
  CHECK(calls(dir.file("up.tally")) == 1);
  CHECK(calls(dir.file("down.tally")) == 12);
  const auto result = read_results(dir.file("shared.h5"));
  REQUIRE(result.points.size() == 12);
  std::size_t computed = 0;
  for (const auto& p : result.points) {
    computed += record(p, "up").origin == "computed";
    CHECK(record(p, "down").origin == "computed");
  }
  CHECK(computed == 1);
}

TEST_CASE("a shared output is stored once and h5py reads it at every point", "[lineage]") {
  TempFolder dir("stored-once");
  // A 400 x 400 matrix (1.28 MB, incompressible) shared by 10 points.
  const auto pipeline = [&](bool swept_upstream) {
    return std::string(
               "[pipeline]\nname = \"once\"\n[nodes.data]\nmethod = \"uniform_matrix\"\n"
               "rows = 400\ncols = 400\n[nodes.down]\nmethod = \"faulty\"\n[sweep]\n") +
           (swept_upstream ? "\"data.low\" = [0.0, -0.1, -0.2, -0.3, -0.4, -0.5, -0.6, -0.7, "
                             "-0.8, -0.9]\n"
                           : "\"down.seconds\" = [1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, "
                             "1.9]\n");
  };
  write_text(dir.file("shared.toml"), pipeline(false));
  write_text(dir.file("distinct.toml"), pipeline(true));
  REQUIRE(
      run_assay({"run", dir.file("shared.toml"), "-o", dir.file("shared.h5"), "-q"}).exit_code ==
      0);
  REQUIRE(run_assay({"run", dir.file("distinct.toml"), "-o", dir.file("distinct.h5"), "-q"})
              .exit_code == 0);
  const auto shared = std::filesystem::file_size(dir.file("shared.h5"));
  const auto distinct = std::filesystem::file_size(dir.file("distinct.h5"));
  INFO("shared " << shared << " bytes, distinct " << distinct << " bytes");
  CHECK(shared < 2 * 400 * 400 * 8);  // one matrix (compressed a little) and some metadata
  CHECK(distinct > 5 * shared);       // ten matrices
  // Every point lists its nodes in pipeline order, whether it holds them or links to them.
  for (const auto& p : read_results(dir.file("shared.h5")).points) {
    REQUIRE(p.nodes.size() == 2);
    CHECK(p.nodes[0].node == "data");
    CHECK(p.nodes[1].node == "down");
    REQUIRE(!p.outputs.empty());
    CHECK(p.outputs.front().node == "data");
  }
  if (std::system("/usr/bin/python3 -c 'import h5py' 2>/dev/null") != 0)
    ASSAY_SKIP("/usr/bin/python3 has no h5py to read the shared nodes");
  write_text(dir.file("read.py"), R"(
import sys, h5py, numpy as np
f = h5py.File(sys.argv[1], "r")
ids = [x.decode() for x in f["index"]["point_id"]]
# /nodes holds the one shared key; each point's own "down" node stays in its group.
assert len(ids) == 10 and len(f["nodes"]) == 1, (len(ids), len(f["nodes"]))
first = f["points"][ids[0]]["data"]["matrix"][()]
for i in ids:
    p = f["points"][i]
    assert np.array_equal(p["data"]["matrix"][()], first)
    keys = {node.decode(): key.decode() for node, key, origin in p.attrs["nodes"]}
    assert np.array_equal(f["nodes"][keys["data"]]["matrix"][()], first)
    assert keys["down"] not in f["nodes"] and p["down"]["value"][()] == 1.0
print("ok")
)");
  CHECK(std::system(
            ("/usr/bin/python3 " + dir.file("read.py") + " " + dir.file("shared.h5")).c_str()) ==
        0);
}

TEST_CASE("run --reuse takes nodes from an older result and gives bit-identical outputs",
          "[lineage]") {
  TempFolder dir("reuse");
  write_text(dir.file("p.toml"), shared_pipeline(dir, 0, "[0.0, 0.001]", 2, false));
  REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", dir.file("old.h5"), "-q"}).exit_code == 0);
  REQUIRE(calls(dir.file("up.tally")) == 2);
  const auto again = run_assay(
      {"run", dir.file("p.toml"), "-o", dir.file("new.h5"), "-q", "--reuse", dir.file("old.h5")});
  REQUIRE(again.exit_code == 0);
  CHECK(calls(dir.file("up.tally")) == 2);    // nothing recomputed...
  CHECK(calls(dir.file("down.tally")) == 4);  // ...not even the leaves
  const auto old_result = read_results(dir.file("old.h5"));
  const auto new_result = read_results(dir.file("new.h5"));
  REQUIRE(old_result.points.size() == new_result.points.size());
  for (std::size_t i = 0; i < new_result.points.size(); ++i) {
    const auto& p = new_result.points[i];
    CHECK(p.id == old_result.points[i].id);
    CHECK(p.outputs == old_result.points[i].outputs);
    CHECK(record(p, "data").origin == "reused " + dir.file("old.h5"));
  }
  CHECK_THAT(run_assay({"show", dir.file("new.h5")}).out, Catch::Contains("data from "));

  // Another pipeline seed is another lineage: nothing is reused.
  const auto reseeded = run_assay({"run", dir.file("p.toml"), "-o", dir.file("seeded.h5"), "-q",
                                   "--set", "pipeline.seed=7", "--reuse", dir.file("old.h5")});
  REQUIRE(reseeded.exit_code == 0);
  CHECK(calls(dir.file("up.tally")) == 4);
}

TEST_CASE("a result of format 2 is still read, and --reuse takes its nodes", "[lineage][store]") {
  if (std::system("/usr/bin/python3 -c 'import h5py' 2>/dev/null") != 0) {
    ASSAY_SKIP("/usr/bin/python3 has no h5py to write the format 2 layout");
  }
  TempFolder dir("format2");
  write_text(dir.file("p.toml"), shared_pipeline(dir, 0, "[0.0, 0.001]", 2, false));
  REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "-q"}).exit_code == 0);
  // Format 2 as README's layout described it: two attributes per node and every key in /nodes.
  write_text(dir.file("to_format2.py"), R"(
import sys, shutil, h5py, numpy as np
shutil.copy(sys.argv[1], sys.argv[2])
f = h5py.File(sys.argv[2], "r+")
for p in f["points"].values():
    for node, key, origin in p.attrs["nodes"]:
        node, key, origin = node.decode(), key.decode(), origin.decode()
        p.attrs["node_key:" + node] = key
        p.attrs["node_origin:" + node] = origin
        if key not in f["nodes"]:
            f["nodes"][key] = p[node]
    del p.attrs["nodes"]
f.attrs["result_format"] = np.uint64(2)
)");
  REQUIRE(std::system(("/usr/bin/python3 " + dir.file("to_format2.py") + " " + dir.file("r.h5") +
                       " " + dir.file("old.h5"))
                          .c_str()) == 0);
  const auto now = read_results(dir.file("r.h5"));
  const auto old = read_results(dir.file("old.h5"));
  REQUIRE(old.points.size() == 4);
  REQUIRE(old.points.size() == now.points.size());
  for (std::size_t i = 0; i < old.points.size(); ++i) {
    CHECK(old.points[i].outputs == now.points[i].outputs);
    REQUIRE(old.points[i].nodes.size() == now.points[i].nodes.size());
    for (std::size_t k = 0; k < now.points[i].nodes.size(); ++k) {
      CHECK(old.points[i].nodes[k].node == now.points[i].nodes[k].node);
      CHECK(old.points[i].nodes[k].key == now.points[i].nodes[k].key);
      CHECK(old.points[i].nodes[k].origin == now.points[i].nodes[k].origin);
    }
  }
  REQUIRE(calls(dir.file("down.tally")) == 4);
  REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", dir.file("new.h5"), "-q", "--reuse",
                     dir.file("old.h5")})
              .exit_code == 0);
  CHECK(calls(dir.file("up.tally")) == 2);  // nothing recomputed
  CHECK(calls(dir.file("down.tally")) == 4);
  const auto reused = read_results(dir.file("new.h5"));
  REQUIRE(reused.points.size() == now.points.size());
  for (std::size_t i = 0; i < now.points.size(); ++i)
    CHECK(reused.points[i].outputs == now.points[i].outputs);
}

TEST_CASE("run --resume of a grown sweep runs only the new points", "[lineage][store]") {
  TempFolder dir("grow");
  write_text(dir.file("p.toml"), shared_pipeline(dir, 0, "[0.0, 0.001]", 1, true));
  REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "-q"}).exit_code == 0);
  REQUIRE(calls(dir.file("down.tally")) == 2);
  const auto before = read_results(dir.file("r.h5"));

  // One more value and a second replicate: 6 points, 2 of them done.
  write_text(dir.file("p.toml"), shared_pipeline(dir, 0, "[0.0, 0.001, 0.002]", 2, true));
  const auto grown = run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "--resume"});
  INFO(grown.err);
  REQUIRE(grown.exit_code == 0);
  CHECK_THAT(grown.err, Catch::Contains("2 already done"));
  CHECK(calls(dir.file("down.tally")) == 6);
  CHECK(calls(dir.file("up.tally")) == 1);  // shared, found in the result itself
  const auto after = read_results(dir.file("r.h5"));
  REQUIRE(after.points.size() == 6);
  CHECK(after.info.planned_points == 6);
  for (const auto& old_point : before.points) {
    const auto it = std::find_if(after.points.begin(), after.points.end(),
                                 [&](const PointResult& p) { return p.id == old_point.id; });
    REQUIRE(it != after.points.end());
    CHECK(it->outputs == old_point.outputs);
  }
  // The earlier points take their places in the grown plan: replicates vary fastest.
  auto in_plan_order = after.points;
  std::sort(in_plan_order.begin(), in_plan_order.end(),
            [](const auto& a, const auto& b) { return a.sweep_index < b.sweep_index; });
  for (std::size_t i = 0; i < in_plan_order.size(); ++i) {
    CHECK(in_plan_order[i].sweep_index == i);
    CHECK(in_plan_order[i].replicate == static_cast<std::int64_t>(i % 2));
    CHECK(swept_text(in_plan_order[i], "down.seconds") == (i < 2   ? "0.0"
                                                           : i < 4 ? "0.001"
                                                                   : "0.002"));
  }

  // A changed param of an existing node is a conflict, named.
  const auto changed = run_assay(
      {"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "--resume", "--set", "data.rows=41"});
  CHECK(changed.exit_code == 2);
  CHECK_THAT(changed.err, Catch::Contains("nodes.data.rows") && Catch::Contains("40"));
  const auto fewer = run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "--resume",
                                "--set", "sweep.down.seconds=[0.0, 0.002]"});
  CHECK(fewer.exit_code == 2);
  CHECK_THAT(fewer.err, Catch::Contains("nodes.down.seconds"));
}

TEST_CASE("more samples of a random sweep list grow the sweep on --resume", "[lineage][store]") {
  TempFolder dir("grow-random");
  const auto pipeline = [](int samples) {
    return "[pipeline]\nname = \"grow\"\n[nodes.data]\nmethod = \"uniform_matrix\"\n"
           "high = 10.0\n[sweep]\n\"data.low\" = { uniform = [0.0, 1.0], samples = " +
           std::to_string(samples) + " }\n";
  };
  write_text(dir.file("p.toml"), pipeline(3));
  REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "-q"}).exit_code == 0);
  const auto before = read_results(dir.file("r.h5"));
  write_text(dir.file("p.toml"), pipeline(5));
  const auto grown =
      run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "-q", "--resume"});
  REQUIRE(grown.exit_code == 0);
  CHECK_THAT(grown.err, Catch::Contains("2 ok, 0 failed, 0 timeout, 3 already done"));
  const auto after = read_results(dir.file("r.h5"));
  REQUIRE(after.points.size() == 5);
  std::set<std::string> ids;
  for (const auto& p : after.points) ids.insert(p.id);
  for (const auto& p : before.points) CHECK(ids.count(p.id) == 1);
}

TEST_CASE("a kill during a run with shared nodes, then --resume, loses and repeats nothing",
          "[lineage][store]") {
  TempFolder dir("kill-shared");
  std::string values = "[";
  for (int i = 0; i < 40; ++i) values += (i ? ", " : "") + std::to_string(0.02 + 0.0001 * i);
  write_text(dir.file("p.toml"), shared_pipeline(dir, 0.2, values + "]", 2, true));
  const auto out = dir.file("r.h5");
  const pid_t pid = start_assay({"run", dir.file("p.toml"), "-o", out, "-j", "2", "-q"});
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  kill(pid, SIGKILL);
  REQUIRE(wait_for(pid) == -SIGKILL);
  REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", out, "--resume", "-q"}).exit_code == 0);
  const auto result = read_results(out);
  REQUIRE(result.points.size() == 80);
  std::set<std::string> ids;
  for (const auto& p : result.points) {
    CHECK(ids.insert(p.id).second);
    CHECK(p.status == PointStatus::ok);
    CHECK(output(p, "data", "matrix") == output(result.points[0], "data", "matrix"));
  }
}

TEST_CASE("a killed run's shared node is taken from its committed parts by --resume",
          "[lineage][store]") {
  TempFolder dir("kill-parts");
  std::string values = "[";
  for (int i = 0; i < 60; ++i) values += (i ? ", " : "") + std::to_string(0.05 + 0.0001 * i);
  write_text(dir.file("p.toml"), shared_pipeline(dir, 0.3, values + "]", 1, true));
  const auto out = dir.file("r.h5");
  const pid_t pid = start_assay({"run", dir.file("p.toml"), "-o", out, "-j", "2", "-q"});
  // Kill once a part is committed (the upstream node's outputs are then on disk), well before
  // the 60 points of 50 ms at -j2 are done.
  const auto parts = std::filesystem::path(out + ".parts");
  const auto committed = [&] {
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(parts, error))
      if (entry.path().extension() == ".h5") return true;
    return false;
  };
  for (int waited = 0; !committed() && waited < 3000; waited += 10)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  kill(pid, SIGKILL);
  REQUIRE(wait_for(pid) == -SIGKILL);
  REQUIRE(committed());
  REQUIRE_FALSE(std::filesystem::exists(out));
  REQUIRE(calls(dir.file("up.tally")) == 1);
  REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", out, "--resume", "-q"}).exit_code == 0);
  CHECK(calls(dir.file("up.tally")) == 1);  // not computed again
  const auto result = read_results(out);
  REQUIRE(result.points.size() == 60);
  std::set<std::string> origins;
  for (const auto& p : result.points) {
    CHECK(p.status == PointStatus::ok);
    CHECK(record(p, "up").key == record(result.points[0], "up").key);
    origins.insert(record(p, "up").origin);
  }
  // The killed run computed it (and shared it); the resumed points took it from its part.
  CHECK(origins.count("reused " + out) == 1);
  CHECK(origins.count("computed") == 1);
}

TEST_CASE("run --dry-run marks swept params and counts each node's distinct lineages",
          "[lineage]") {
  TempFolder dir("plan");
  write_text(dir.file("p.toml"), shared_pipeline(dir, 0, "[0.0, 0.001, 0.002]", 4, true));
  const auto plan = run_assay({"run", dir.file("p.toml"), "--dry-run"});
  REQUIRE(plan.exit_code == 0);
  CHECK_THAT(plan.out, Catch::Contains("up = faulty  (1 distinct of 12 points)"));
  // Not shared itself: one per replicate, though its input is shared.
  CHECK_THAT(plan.out, Catch::Contains("summary = matrix_summary  (4 distinct of 12 points)"));
  CHECK_THAT(plan.out, Catch::Contains("down = faulty  (12 distinct of 12 points)"));
  CHECK_THAT(plan.out, Catch::Contains("seconds = swept over 0.0, 0.001, 0.002 (3 values)"));
}
