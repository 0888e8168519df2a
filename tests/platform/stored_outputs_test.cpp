// `store = false | [outputs]` in a node's table, through the real CLI and result files: the
// outputs left out still flow downstream but are not written, the node's group names them, a
// node stored in part is computed again rather than reused, and a wrong `store` is an error
// naming the file, line and key.
#include <hdf5.h>

#include <catch2/catch.hpp>
#include <string>

#include "store/result_store.hpp"
#include "support/assay_process.hpp"

using namespace assay;
using namespace assay::testing;

namespace {

// uniform_matrix -> matrix_summary over two sizes and two replicates; `store` is put in
// [nodes.data] (and `summary_store` in [nodes.summary]) when not empty.
std::string pipeline(const std::string& store, const std::string& summary_store = "") {
  return "[pipeline]\nname = \"stored\"\n[nodes.data]\nmethod = \"uniform_matrix\"\ncols = 3\n" +
         (store.empty() ? "" : "store = " + store + "\n") +
         "[nodes.summary]\nmethod = \"matrix_summary\"\ninputs = { matrix = \"data.matrix\" }\n" +
         (summary_store.empty() ? "" : "store = " + summary_store + "\n") +
         "[sweep]\n\"data.rows\" = [2, 5]\nreplicates = 2\n";
}

const NodeRecord& record(const PointResult& p, const std::string& node) {
  for (const auto& r : p.nodes)
    if (r.node == node) return r;
  throw std::runtime_error("no record of " + node + " in point " + p.id);
}

std::vector<NodeOutput> outputs_of(const PointResult& p, const std::string& node) {
  std::vector<NodeOutput> out;
  for (const auto& o : p.outputs)
    if (o.node == node) out.push_back(o);
  return out;
}

// Whether every link of `path` ("/a/b/c") exists in the HDF5 file.
bool has_link(const std::string& file, const std::string& path) {
  const hid_t h5 = H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  REQUIRE(h5 >= 0);
  bool found = true;
  for (auto slash = path.find('/', 1); found; slash = path.find('/', slash + 1)) {
    found = H5Lexists(h5, path.substr(0, slash).c_str(), H5P_DEFAULT) > 0;
    if (slash == std::string::npos) break;
  }
  H5Fclose(h5);
  return found;
}

ResultSet run_into(const TempFolder& dir, const std::string& name, const std::string& text,
                   std::vector<std::string> extra = {}) {
  write_text(dir.file(name + ".toml"), text);
  std::vector<std::string> args{"run", dir.file(name + ".toml"), "-o", dir.file(name + ".h5"),
                                "-q"};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto run = run_assay(args);
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  return read_results(dir.file(name + ".h5"));
}

}  // namespace

TEST_CASE("store = false passes a node's outputs downstream without writing them", "[store]") {
  TempFolder dir("stored_outputs");
  const auto all = run_into(dir, "all", pipeline(""));
  const auto lean = run_into(dir, "lean", pipeline("false"));
  REQUIRE(lean.points.size() == 4);
  REQUIRE(all.points.size() == lean.points.size());
  for (std::size_t i = 0; i < lean.points.size(); ++i) {
    const auto& p = lean.points[i];
    CHECK(p.id == all.points[i].id);
    CHECK(outputs_of(p, "data").empty());
    CHECK(record(p, "data").unstored == std::vector<std::string>{"matrix"});
    CHECK(record(p, "summary").unstored.empty());
    // The summary read the same matrix: `store` is not part of any lineage.
    CHECK(outputs_of(p, "summary") == outputs_of(all.points[i], "summary"));
    CHECK(record(p, "data").key == record(all.points[i], "data").key);
    CHECK(has_link(dir.file("lean.h5"), "/points/" + p.id + "/data"));
    CHECK_FALSE(has_link(dir.file("lean.h5"), "/points/" + p.id + "/data/matrix"));
    CHECK(has_link(dir.file("all.h5"), "/points/" + p.id + "/data/matrix"));
  }
  CHECK_THAT(lean.info.pipeline_toml, Catch::Contains("store = false"));
  CHECK_THAT(all.info.pipeline_toml, !Catch::Contains("store ="));
}

TEST_CASE("store = [outputs] writes only the outputs it names", "[store]") {
  TempFolder dir("stored_some");
  const auto some = run_into(dir, "some", pipeline("", "[\"frobenius\"]"));
  for (const auto& p : some.points) {
    const auto summary = outputs_of(p, "summary");
    REQUIRE(summary.size() == 1);
    CHECK(summary[0].port == "frobenius");
    CHECK(record(p, "summary").unstored == std::vector<std::string>{"mean"});
    CHECK(outputs_of(p, "data").size() == 1);
  }
}

TEST_CASE("a node stored in part is computed again by --reuse, not reused", "[store][lineage]") {
  TempFolder dir("stored_reuse");
  const auto lean = run_into(dir, "lean", pipeline("false"));
  const auto again = run_into(dir, "again", pipeline(""), {"--reuse", dir.file("lean.h5")});
  REQUIRE(again.points.size() == lean.points.size());
  for (std::size_t i = 0; i < again.points.size(); ++i) {
    const auto& p = again.points[i];
    CHECK(record(p, "data").origin == "computed");
    CHECK(outputs_of(p, "data").size() == 1);
    // The fully stored summary is taken from the older result, and agrees with the
    // recomputed matrix.
    CHECK(record(p, "summary").origin == "reused " + dir.file("lean.h5"));
    CHECK(outputs_of(p, "summary") == outputs_of(lean.points[i], "summary"));
  }
}

TEST_CASE("a wrong store is refused naming the file, line and key", "[store][pipeline]") {
  TempFolder dir("stored_errors");
  write_text(dir.file("typo.toml"), pipeline("[\"matrx\"]"));
  const auto typo = run_assay({"run", dir.file("typo.toml"), "-o", dir.file("typo.h5"), "-q"});
  CHECK(typo.exit_code == 2);
  CHECK_THAT(typo.err, Catch::Contains(dir.file("typo.toml") + ":6"));
  CHECK_THAT(typo.err, Catch::Contains("nodes.data.store"));
  CHECK_THAT(typo.err, Catch::Contains("uniform_matrix has no output \"matrx\""));
  CHECK_THAT(typo.err, Catch::Contains("matrix"));

  write_text(dir.file("number.toml"), pipeline("3"));
  const auto number = run_assay({"run", dir.file("number.toml"), "--dry-run"});
  CHECK(number.exit_code == 2);
  CHECK_THAT(number.err, Catch::Contains("expected a boolean or a list of output names"));
}
