// Parsing and validating well-formed pipelines: value kinds, filled params, dependency order,
// and the resolved TOML that results store.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "pipeline/plan/sweep_plan.hpp"
#include "pipelines/pipeline_fixture.hpp"

namespace {

using assay::IntArray;
using assay::Kind;
using assay::Pipeline;
using assay::RealArray;
using assay::SweepPlan;
using assay::Value;
using assay::test::validated;

const std::string kHeader = "[pipeline]\nname = \"t\"\n";

const Value& param(const Pipeline& p, const std::string& node, const std::string& name) {
  const auto* n = p.find_node(node);
  REQUIRE(n != nullptr);
  const auto it = n->params.find(name);
  REQUIRE(it != n->params.end());
  return it->second.value;
}

std::vector<std::string> node_order(const Pipeline& p) {
  std::vector<std::string> out;
  for (const auto& n : p.nodes) out.push_back(n.name);
  return out;
}

}  // namespace

TEST_CASE("TOML values map onto assay values", "[pipeline]") {
  const auto p = assay::parse_pipeline_text(kHeader + R"([nodes.x]
method = "anything"
i = 3
r = 2.5
b = true
s = "text"
ints = [1, 2]
mixed = [1, 2.5]
rows = [[1, 2], [3, 4], [5, 6]]
empty = []
empty_rows = [[], []]
cube = [[[1], [2]], [[3], [4]]]
)",
                                            "t.toml");
  CHECK(param(p, "x", "i") == Value(3));
  CHECK(param(p, "x", "r") == Value(2.5));
  CHECK(param(p, "x", "b") == Value(true));
  CHECK(param(p, "x", "s") == Value("text"));
  CHECK(param(p, "x", "ints") == Value(IntArray{{2}, {1, 2}}));
  CHECK(param(p, "x", "mixed") == Value(RealArray{{2}, {1.0, 2.5}}));
  CHECK(param(p, "x", "rows") == Value(IntArray{{3, 2}, {1, 2, 3, 4, 5, 6}}));
  CHECK(param(p, "x", "empty") == Value(IntArray{{0}, {}}));
  CHECK(param(p, "x", "empty_rows") == Value(IntArray{{2, 0}, {}}));
  CHECK(param(p, "x", "cube") == Value(IntArray{{2, 2, 1}, {1, 2, 3, 4}}));
  CHECK(p.name == "t");
  CHECK(p.seed == 1);
  CHECK(p.replicates == 1);
  CHECK(p.source_text.find("cube") != std::string::npos);
}

TEST_CASE("validation fills every declared param with canonical values", "[pipeline]") {
  const auto p = validated(kHeader + R"([nodes.u]
method = "uniform_matrix"
rows = 5
low = -1
[nodes.n]
method = "needs"
n = 2
weights = [1, 2, 3]
kernel = [[1, 0], [0, 1]]
)");
  const auto* u = p.find_node("u");
  REQUIRE(u->params.size() == 4);
  CHECK(param(p, "u", "rows") == Value(5));
  CHECK(param(p, "u", "cols") == Value(3));
  CHECK(param(p, "u", "low") == Value(-1.0));  // an int given for a real param becomes a real
  CHECK(param(p, "u", "high") == Value(1.0));
  CHECK(param(p, "n", "weights") == Value(RealArray{{3}, {1, 2, 3}}));
  CHECK(param(p, "n", "kernel") == Value(RealArray{{2, 2}, {1, 0, 0, 1}}));
  CHECK(param(p, "n", "mode") == Value("fast"));
  CHECK(param(p, "n", "label") == Value("none"));
  CHECK(param(p, "n", "verbose") == Value(false));
  CHECK(param(p, "n", "lengths") == Value(IntArray{{2}, {1, 2}}));
  // The optional params the file leaves unset stay absent: the method sees none.
  CHECK(p.find_node("n")->params.size() == 7);
  CHECK_FALSE(p.find_node("n")->params.count("scale"));
}

TEST_CASE("a path param names its file by content, whatever the spelling", "[pipeline]") {
  const auto table = (std::filesystem::temp_directory_path() /
                      ("assay-table-" + std::to_string(::getpid()) + ".csv"))
                         .string();
  std::ofstream(table) << "1,2\n";
  const auto with_table = [&](const std::string& path) {
    return kHeader + "[nodes.n]\nmethod = \"needs\"\nn = 1\ntable = \"" + path + "\"\n";
  };
  const auto absolute = validated(with_table(table));
  const auto relative = validated(with_table(std::filesystem::relative(table).string()));
  CHECK(param(absolute, "n", "table") == param(relative, "n", "table"));
  const SweepPlan a(absolute), b(relative);
  CHECK(a.point(0).id == b.point(0).id);
  CHECK(a.point(0).lineage.at(0).key == b.point(0).lineage.at(0).key);
  std::ofstream(table) << "1,3\n";  // same name, other content: another point
  const auto changed = validated(with_table(table));
  const SweepPlan c(changed);
  CHECK(c.point(0).id != a.point(0).id);
  std::filesystem::remove(table);
}

TEST_CASE("an empty list for a matrix param is the 0x0 matrix", "[pipeline]") {
  const auto p = validated(kHeader + "[nodes.n]\nmethod = \"needs\"\nn = 1\nkernel = []\n");
  CHECK(param(p, "n", "kernel") == Value(RealArray{{0, 0}, {}}));
}

TEST_CASE("nodes run after their inputs and otherwise in file order", "[pipeline]") {
  const auto p = validated(kHeader + R"([nodes.summary]
method = "matrix_summary"
inputs = { matrix = "data.matrix" }
[nodes.zeta]
method = "source"
[nodes.data]
method = "uniform_matrix"
[nodes.alpha]
method = "source"
[nodes.sink]
method = "sink"
inputs = { anything = "summary.mean" }
[nodes.last]
method = "pass"
inputs = { x = "alpha.y" }
)");
  CHECK(node_order(p) ==
        std::vector<std::string>{"zeta", "data", "summary", "alpha", "sink", "last"});
}

TEST_CASE("an input of kind any accepts every output kind", "[pipeline]") {
  for (const char* link : {"a.matrix", "s.y", "n.count"}) {
    INFO(link);
    CHECK_NOTHROW(
        validated(kHeader + "[nodes.a]\nmethod = \"uniform_matrix\"\n" +
                  "[nodes.s]\nmethod = \"source\"\n" + "[nodes.n]\nmethod = \"needs\"\nn = 1\n" +
                  "[nodes.k]\nmethod = \"sink\"\ninputs = { anything = \"" + link + "\" }\n"));
  }
}

TEST_CASE("an optional input may stay unconnected", "[pipeline]") {
  const auto p = validated(kHeader + "[nodes.n]\nmethod = \"needs\"\nn = 1\n");
  CHECK(p.find_node("n")->inputs.empty());
}

TEST_CASE("a required param may come from the sweep alone", "[pipeline]") {
  const auto p = validated(kHeader + "[nodes.n]\nmethod = \"needs\"\n[sweep]\n\"n.n\" = [3, 4]\n");
  CHECK(param(p, "n", "n") == Value(3));
}

TEST_CASE("sweep values are canonicalised by their param", "[pipeline]") {
  const auto p = validated(kHeader + R"([nodes.u]
method = "uniform_matrix"
[nodes.n]
method = "needs"
n = 1
[sweep]
"u.low" = [0, 0.5]
n.kernel = [[[1]], [[1, 2], [3, 4]]]
)");
  REQUIRE(p.axes.size() == 2);
  CHECK(p.axes[0].steps[0][0] == Value(0.0));
  CHECK(p.axes[1].keys == std::vector<std::string>{"n.kernel"});
  CHECK(p.axes[1].steps[0][0] == Value(RealArray{{1, 1}, {1.0}}));
  CHECK(p.axes[1].steps[1][0] == Value(RealArray{{2, 2}, {1, 2, 3, 4}}));
}

TEST_CASE("the resolved TOML lists every param and reads back to itself", "[pipeline]") {
  const auto p = validated(R"([pipeline]
name = "round-trip_1.0"
seed = 42
[nodes.data]
method = "uniform_matrix"
low = 0.1
high = 1e300
[nodes.summary]
method = "matrix_summary"
inputs = { matrix = "data.matrix" }
[nodes.n]
method = "needs"
n = 1
label = "say \"hi\"\n\ttab \\ \u0001"
kernel = [[-0.5, 2], [3, 4]]
[sweep]
"data.rows" = [2, 4]
"data.low" = [0, 0.25]
"data.high" = [1, 2]
"n.mode" = ["fast", "exact"]
zip = [["data.low", "data.high"]]
replicates = 3
)");
  const auto text = assay::resolved_toml(p);
  CHECK(text.find("cols = 3\n") != std::string::npos);
  CHECK(text.find("verbose = false\n") != std::string::npos);
  CHECK(text.find("zip = [[\"data.low\", \"data.high\"]]\n") != std::string::npos);
  const auto again = validated(text);
  CHECK(assay::resolved_toml(again) == text);
  CHECK(param(again, "n", "label") == Value("say \"hi\"\n\ttab \\ \x01"));
  CHECK(param(again, "data", "high") == Value(1e300));
  CHECK(param(again, "data", "low") == Value(0.1));
  CHECK(again.seed == 42);
  CHECK(again.replicates == 3);
}

TEST_CASE("parse_pipeline_file reads a pipeline from disk", "[pipeline]") {
  const auto p = assay::parse_pipeline_file(std::string(ASSAY_SOURCE_DIR) +
                                            "/tests/platform/pipelines/examples.toml");
  CHECK(p.name == "examples");
  CHECK(p.file.ends_with("examples.toml"));
  REQUIRE(p.nodes.size() == 2);
  CHECK(p.nodes[0].name == "data");
  CHECK(p.nodes[1].inputs.at("matrix").node == "data");
  CHECK(p.axes.size() == 2);
  CHECK(p.replicates == 2);
}
