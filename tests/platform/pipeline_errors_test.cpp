// Every way a pipeline file can be wrong, with the message it must produce. Positions are
// "t.toml:<line>:<col>" of the offending key or value.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "pipeline/plan/sweep_plan.hpp"
#include "pipelines/pipeline_fixture.hpp"

namespace {

using assay::test::error_of;

struct Malformed {
  const char* what;
  std::string text;
  std::string message;  // a substring of the error, from "t.toml:" on
};

const std::string kHeader = "[pipeline]\nname = \"t\"\n";                            // lines 1-2
const std::string kUniform = kHeader + "[nodes.a]\nmethod = \"uniform_matrix\"\n";   // lines 3-4
const std::string kNeeds = kHeader + "[nodes.a]\nmethod = \"needs\"\nn = 1\n";       // lines 3-5
const std::string kSummary = kUniform + "[nodes.b]\nmethod = \"matrix_summary\"\n";  // lines 5-6
const std::string kSweep = kUniform + "[sweep]\n";                                   // lines 5

void check_all(const std::vector<Malformed>& cases) {
  for (const auto& c : cases) {
    INFO(c.what << "\n" << c.text);
    CHECK_THAT(error_of(c.text), Catch::Matchers::Contains("assay: " + c.message));
  }
}

}  // namespace

TEST_CASE("malformed pipeline files name the place and what is wrong", "[pipeline]") {
  check_all({
      {"TOML syntax error", kHeader + "[nodes.a\nmethod = \"pass\"\n",
       "t.toml:3:9: TOML syntax error: Error while parsing table header: expected ']', saw "
       "'\\n'; fix the TOML syntax at this place"},
      {"unknown top-level table", kHeader + "[node.a]\nmethod = \"pass\"\n",
       "t.toml:3:2: node: unknown top-level table or key; did you mean \"nodes\"? a pipeline file "
       "has [pipeline], [nodes.<name>] and [sweep]"},
      {"top-level key that is not a table", "pipeline = 3\n",
       "t.toml:1:12: pipeline: expected a table; a pipeline file has"},
      {"unknown key in [pipeline]", "[pipeline]\nname = \"t\"\nsed = 3\n",
       "t.toml:3:1: pipeline.sed: unknown key in [pipeline]; did you mean \"seed\"? [pipeline] "
       "holds name and seed"},
      {"missing name", "[pipeline]\nseed = 2\n[nodes.a]\nmethod = \"source\"\n",
       "t.toml:1:1: pipeline.name: missing pipeline name; add name = \"...\" under [pipeline]"},
      {"missing [pipeline]", "[nodes.a]\nmethod = \"source\"\n",
       "t.toml:1:1: pipeline.name: missing pipeline name; add a [pipeline] table with name = "
       "\"...\""},
      {"bad pipeline name", "[pipeline]\nname = \"my run\"\n",
       "t.toml:2:8: pipeline.name: expected a name of letters, digits, _, . or -, got \"my run\"; "
       "the name is used in result file names"},
      {"pipeline name too long for a file name",
       "[pipeline]\nname = \"" + std::string(201, 'x') + "\"\n",
       "t.toml:2:8: pipeline.name: a name of 201 characters, over 200; the name is used in result "
       "file names, which file systems limit"},
      {"negative seed", "[pipeline]\nname = \"t\"\nseed = -1\n",
       "t.toml:3:8: pipeline.seed: expected a non-negative integer, got -1; every point's and "
       "node's seed derives from this one"},
      {"no nodes", kHeader,
       "t.toml:1:1: nodes: the pipeline has no nodes; add a [nodes.<name>] table with method = "
       "\"<id>\""},
  });
}

TEST_CASE("malformed nodes and params name the node and param", "[pipeline]") {
  check_all({
      {"node that is not a table", kHeader + "[nodes]\na = 3\n",
       "t.toml:4:5: nodes.a: a node must be a table; write [nodes.a] with a method"},
      {"bad node name", kHeader + "[nodes.1a]\nmethod = \"source\"\n",
       "t.toml:3:8: nodes.1a: bad node name; node names are a letter or _ followed by letters, "
       "digits or _, and not \"pipeline\" or \"sweep\""},
      {"reserved node name", kHeader + "[nodes.sweep]\nmethod = \"source\"\n",
       "t.toml:3:8: nodes.sweep: bad node name;"},
      {"replicate sharing that is not a word",
       kHeader + "[nodes.a]\nreplicate = 2\nmethod = \"source\"\n",
       "t.toml:4:13: nodes.a.replicate: expected \"shared\" or \"each\", got 2;"},
      {"shared node reading from a node that is not",
       kHeader + "[nodes.a]\nmethod = \"source\"\n[nodes.b]\nmethod = \"pass\"\n" +
           "inputs = { x = \"a.y\" }\nreplicate = \"shared\"\n",
       "t.toml:8:13: nodes.b.replicate: \"shared\", but its input x comes from node a, which "
       "varies with the replicate; add replicate = \"shared\" to [nodes.a] too, or remove it "
       "here"},
      {"node without method", kHeader + "[nodes.a]\nrows = 2\n",
       "t.toml:3:8: nodes.a.method: node without a method; add method = \"<id>\" to [nodes.a]; "
       "`assay list` shows the ids"},
      {"method that is not a string", kHeader + "[nodes.a]\nmethod = 3\n",
       "t.toml:4:10: nodes.a.method: expected a method id string, got 3; write method = "
       "\"<id>\"; `assay list` shows the ids"},
      {"unknown method near a known one", kHeader + "[nodes.a]\nmethod = \"uniform_matrx\"\n",
       "t.toml:4:10: nodes.a.method: unknown method \"uniform_matrx\"; did you mean "
       "\"uniform_matrix\"? `assay list` shows the available methods"},
      {"unknown method near none", kHeader + "[nodes.a]\nmethod = \"quantum_annealer\"\n",
       "t.toml:4:10: nodes.a.method: unknown method \"quantum_annealer\"; `assay list` shows the "
       "available methods"},
      {"unknown param", kUniform + "rowz = 3\n",
       "t.toml:5:8: nodes.a.rowz: unknown param of uniform_matrix; did you mean \"rows\"? `assay "
       "describe uniform_matrix` lists its params"},
      {"missing required param", kHeader + "[nodes.a]\nmethod = \"needs\"\n",
       "t.toml:3:8: nodes.a.n: missing required param (int in [1, 10]); add n = ... to [nodes.a] "
       "or sweep it"},
      {"string for an int", kUniform + "rows = \"many\"\n",
       "t.toml:5:8: nodes.a.rows: expected int in [1, 1000], got \"many\"; `assay describe "
       "uniform_matrix` lists its params"},
      {"int out of range", kUniform + "rows = 0\n",
       "t.toml:5:8: nodes.a.rows: expected int in [1, 1000], got 0;"},
      {"real for an int", kUniform + "rows = 2.5\n",
       "t.toml:5:8: nodes.a.rows: expected int in [1, 1000], got 2.5;"},
      {"bool for an int", kUniform + "rows = true\n",
       "t.toml:5:8: nodes.a.rows: expected int in [1, 1000], got true;"},
      {"vector element out of range", kNeeds + "lengths = [5, 7, 0]\n",
       "t.toml:6:11: nodes.a.lengths[2]: expected int in [1, 1000000], got 0; `assay describe "
       "needs` lists its params"},
      {"real in an int vector", kNeeds + "lengths = [0.5]\n",
       "t.toml:6:11: nodes.a.lengths: expected an int vector (list of integers, each in [1, "
       "1000000]), got [0.5];"},
      {"path to no file", kNeeds + "table = \"no/such/file.csv\"\n",
       "t.toml:6:9: nodes.a.table: no such file: no/such/file.csv; relative paths are taken from "
       "the working directory"},
      {"not one of the choices", kNeeds + "mode = \"slow\"\n",
       "t.toml:6:8: nodes.a.mode: expected one of fast|exact, got \"slow\"; `assay describe needs` "
       "lists its params"},
      {"ragged matrix", kNeeds + "kernel = [[1, 2], [3]]\n",
       "t.toml:6:19: nodes.a.kernel: nested lists of unequal lengths (1 after 2); write a number, "
       "a "
       "list of numbers or a list of equally long lists"},
      {"matrix row that is a number", kNeeds + "kernel = [[1, 2], 3]\n",
       "t.toml:6:19: nodes.a.kernel: a list mixes lists and numbers;"},
      {"list of a number and a list", kNeeds + "weights = [1, [2]]\n",
       "t.toml:6:15: nodes.a.weights: a list mixes lists and numbers;"},
      {"matrix for a vector", kNeeds + "weights = [[1, 2], [3, 4]]\n",
       "t.toml:6:11: nodes.a.weights: expected a real vector (list of numbers), got an array of "
       "rank 2;"},
      {"vector for a matrix", kNeeds + "kernel = [1, 2]\n",
       "t.toml:6:10: nodes.a.kernel: expected a real matrix (list of equally long lists), got an "
       "array of rank 1;"},
      {"list of strings", kNeeds + "weights = [\"a\"]\n",
       "t.toml:6:12: nodes.a.weights: lists may hold only numbers or lists of numbers;"},
      {"table as a param", kNeeds + "weights = { a = 1 }\n",
       "t.toml:6:11: nodes.a.weights: a table is not a value; write a number, bool, string or a "
       "list of numbers"},
      {"date as a param", kNeeds + "label = 1979-05-27\n",
       "t.toml:6:9: nodes.a.label: dates and times are not supported;"},
  });
}

TEST_CASE("malformed links name the input and what is wrong", "[pipeline]") {
  check_all({
      {"inputs that are not a table", kSummary + "inputs = \"a.matrix\"\n",
       "t.toml:7:10: nodes.b.inputs: expected a table of links, got \"a.matrix\"; write inputs = "
       "{ port = \"node.port\" }"},
      {"link without a port", kSummary + "inputs = { matrix = \"a\" }\n",
       "t.toml:7:21: nodes.b.inputs.matrix: expected \"node.port\", got \"a\"; link the input to "
       "an "
       "output of another node, e.g. matrix = \"data.matrix\""},
      {"link that is not a string", kSummary + "inputs = { matrix = 3 }\n",
       "t.toml:7:21: nodes.b.inputs.matrix: expected \"node.port\", got 3;"},
      {"unknown input port", kSummary + "inputs = { matrx = \"a.matrix\" }\n",
       "t.toml:7:20: nodes.b.inputs.matrx: matrix_summary has no input port \"matrx\"; did you "
       "mean \"matrix\"? its inputs: matrix"},
      {"link to an unknown node", kSummary + "inputs = { matrix = \"aa.matrix\" }\n",
       "t.toml:7:21: nodes.b.inputs.matrix: no node \"aa\"; did you mean \"a\"? link to "
       "\"node.port\" of a node in [nodes]"},
      {"link to an unknown output", kSummary + "inputs = { matrix = \"a.matrx\" }\n",
       "t.toml:7:21: nodes.b.inputs.matrix: node a (uniform_matrix) has no output \"matrx\"; did "
       "you mean \"matrix\"? its outputs: matrix"},
      {"port kind mismatch",
       kHeader + "[nodes.s]\nmethod = \"source\"\n[nodes.b]\nmethod = \"matrix_summary\"\n" +
           "inputs = { matrix = \"s.y\" }\n",
       "t.toml:7:21: nodes.b.inputs.matrix: s.y is a real but input matrix of matrix_summary "
       "takes a real array; connect an output of kind real array"},
      {"unconnected required input", kSummary,
       "t.toml:5:8: nodes.b.inputs.matrix: required input of matrix_summary not connected; add "
       "inputs = { matrix = \"node.port\" } to [nodes.b]"},
      {"cycle of two nodes",
       kHeader + "[nodes.p]\nmethod = \"pass\"\ninputs = { x = \"q.y\" }\n" +
           "[nodes.q]\nmethod = \"pass\"\ninputs = { x = \"p.y\" }\n",
       "t.toml:5:16: nodes.p.inputs.x: the inputs form a cycle: p -> q -> p; a node cannot depend "
       "on its own outputs; remove one of these links"},
      {"node reading its own output",
       kHeader + "[nodes.p]\nmethod = \"pass\"\ninputs = { x = \"p.y\" }\n",
       "t.toml:5:16: nodes.p.inputs.x: the inputs form a cycle: p -> p;"},
      {"cycle downstream of the first node",
       kHeader + "[nodes.r]\nmethod = \"pass\"\ninputs = { x = \"p.y\" }\n" +
           "[nodes.p]\nmethod = \"pass\"\ninputs = { x = \"q.y\" }\n" +
           "[nodes.q]\nmethod = \"pass\"\ninputs = { x = \"p.y\" }\n",
       "t.toml:8:16: nodes.p.inputs.x: the inputs form a cycle: p -> q -> p;"},
  });
}

TEST_CASE("malformed sweeps name the sweep key and what is wrong", "[pipeline]") {
  check_all({
      {"vector element out of range in a sweep",
       kNeeds + "[sweep]\n\"a.lengths\" = [[1], [3, 0]]\n",
       "t.toml:7:21: sweep.a.lengths: value 2 of 2, element [1]: expected int in [1, 1000000], "
       "got 0;"},
      {"sweep key with two dots", kSweep + "\"a.rows.x\" = [1]\n",
       "t.toml:6:1: sweep.a.rows.x: a sweep key must be \"node.param\"; [sweep] holds "
       "\"node.param\" = [values], zip = [[\"a.x\", \"b.y\"]] and replicates = N"},
      {"unknown key in [sweep]", kSweep + "replicate = 2\n",
       "t.toml:6:1: sweep.replicate: unknown key in [sweep]; did you mean \"replicates\"?"},
      {"sweep of an unknown node", kSweep + "\"b.rows\" = [1]\n",
       "t.toml:6:1: sweep.b.rows: no node \"b\"; did you mean \"a\"? sweep keys are \"node.param\" "
       "of a node in [nodes]"},
      {"sweep of an unknown param", kSweep + "\"a.rowz\" = [1]\n",
       "t.toml:6:1: sweep.a.rowz: uniform_matrix has no param \"rowz\"; did you mean \"rows\"? "
       "`assay describe uniform_matrix` lists its params"},
      {"sweep of an unknown param as a dotted key", kSweep + "a.rowz = [1]\n",
       "t.toml:6:3: sweep.a.rowz: uniform_matrix has no param \"rowz\";"},
      {"sweep value out of range", kSweep + "\"a.rows\" = [1, 0]\n",
       "t.toml:6:16: sweep.a.rows: value 2 of 2: expected int in [1, 1000], got 0; `assay "
       "describe uniform_matrix` lists its params"},
      {"sweep value of the wrong type", kSweep + "\"a.low\" = [0, \"x\"]\n",
       "t.toml:6:15: sweep.a.low: value 2 of 2: expected real, got \"x\";"},
      {"sweep value that is not a list", kSweep + "\"a.rows\" = 5\n",
       "t.toml:6:12: sweep.a.rows: expected a list of values, got 5; give the values as a list, "
       "e.g. [1, 2, 3]"},
      {"repeated sweep value", kSweep + "\"a.rows\" = [1, 2, 1]\n",
       "t.toml:6:19: sweep.a.rows: value 3 (1) repeats value 1; each value of an axis is one "
       "point; use replicates to repeat a point"},
      {"repeated sweep value written differently", kSweep + "\"a.low\" = [0, 0.0]\n",
       "t.toml:6:15: sweep.a.low: value 2 (0.0) repeats value 1;"},
      {"empty sweep list", kSweep + "\"a.rows\" = []\n",
       "t.toml:6:12: sweep.a.rows: empty sweep list; give at least one value, or remove the key"},
      {"key swept twice", kSweep + "\"a.rows\" = [1]\na.rows = [2]\n",
       "t.toml:7:3: sweep.a.rows: swept twice (also at line 6); keep one list for each key"},
      {"zipped lists of unequal length",
       kSweep + "\"a.low\" = [0, 1]\n\"a.high\" = [1, 2, 3]\nzip = [[\"a.low\", \"a.high\"]]\n",
       "t.toml:8:8: sweep.zip: \"a.high\" has 3 values but \"a.low\" has 2; zipped lists advance "
       "together: give them equal lengths"},
      {"key in two zip groups",
       kSweep + "\"a.low\" = [0, 1]\n\"a.high\" = [1, 2]\n\"a.rows\" = [1, 2]\n" +
           "zip = [[\"a.low\", \"a.high\"], [\"a.rows\", \"a.low\"]]\n",
       "t.toml:9:29: sweep.zip: \"a.low\" is zipped twice; name each swept key in at most one zip "
       "group"},
      {"zipped key without a list",
       kSweep + "\"a.low\" = [0, 1]\nzip = [[\"a.low\", \"a.high\"]]\n",
       "t.toml:7:8: sweep.zip: \"a.high\" has no list in [sweep]; add \"a.high\" = [values] to "
       "[sweep], or remove it from zip"},
      {"zip that is not a list of lists", kSweep + "\"a.low\" = [0, 1]\nzip = [\"a.low\"]\n",
       "t.toml:7:8: sweep.zip: expected a list of non-empty lists of \"node.param\" keys; write "
       "zip = [[\"a.x\", \"b.y\"]]; each inner list names swept keys that advance together"},
      {"zero replicates", kSweep + "replicates = 0\n",
       "t.toml:6:14: sweep.replicates: expected an integer >= 1, got 0; replicates is how often "
       "each point runs, each time with its own seed"},
      {"replicates as a string", kSweep + "replicates = \"3\"\n",
       "t.toml:6:14: sweep.replicates: expected an integer >= 1, got \"3\";"},
  });
}

TEST_CASE("a sweep too large to count names the axis that overflows", "[pipeline][sweep]") {
  // Four axes of 100,000 values: 10^20 points, more than 2^64, found at the fourth axis.
  std::string text =
      "[pipeline]\nname = \"t\"\n[nodes.a]\nmethod = \"uniform_matrix\"\n"
      "[nodes.b]\nmethod = \"uniform_matrix\"\n[sweep]\n";
  for (const auto* key : {"a.low", "a.high", "b.low", "b.high"})
    text += std::string("\"") + key + "\" = { range = [0, 100000, 1] }\n";
  const auto pipeline = assay::test::validated(text);
  try {
    const assay::SweepPlan plan(pipeline);
    FAIL("no error");
  } catch (const assay::SourceError& e) {
    CHECK_THAT(e.what(), Catch::Matchers::Contains(
                             "t.toml:11:1: sweep.b.high: the sweep has too many points"));
  }
}

TEST_CASE("an unreadable pipeline file is named with the reason", "[pipeline]") {
  const auto message = [](const std::string& path) {
    try {
      assay::parse_pipeline_file(path);
    } catch (const assay::SourceError& e) {
      CHECK(e.pos().file == path);
      CHECK(e.pos().line == 0);
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  CHECK(message("/nonexistent/p.toml") ==
        "assay: /nonexistent/p.toml: cannot read the pipeline file (No such file or directory); "
        "check the path");
  CHECK(message(ASSAY_SOURCE_DIR) == "assay: " + std::string(ASSAY_SOURCE_DIR) +
                                         ": cannot read the pipeline file (it is a directory); "
                                         "check the path");
  CHECK(message("/dev/zero") ==
        "assay: /dev/zero: cannot read the pipeline file (not a regular file); check the path");
  const auto big = std::filesystem::temp_directory_path() / "assay-big-pipeline.toml";
  std::ofstream(big).close();
  std::filesystem::resize_file(big, (16u << 20) + 1);
  CHECK_THAT(message(big.string()),
             Catch::Contains("16777217 bytes; a pipeline file is at most 16 MiB"));
  std::filesystem::remove(big);
}

TEST_CASE("a source error carries its place and key", "[pipeline]") {
  try {
    assay::test::validated(kUniform + "rowz = 3\n");
    FAIL("no error");
  } catch (const assay::SourceError& e) {
    CHECK(e.pos().file == "t.toml");
    CHECK(e.pos().line == 5);
    CHECK(e.pos().col == 8);
    CHECK(e.key() == "nodes.a.rowz");
  }
}
