// `--set` overrides of params, sweep axes, replicates and the seed, and their errors.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "pipelines/pipeline_fixture.hpp"

namespace {

using assay::IntArray;
using assay::Pipeline;
using assay::RealArray;
using assay::Value;
using assay::test::error_of;
using assay::test::validated;

const std::string kPipeline = R"([pipeline]
name = "t"
[nodes.data]
method = "uniform_matrix"
[nodes.n]
method = "needs"
n = 1
[sweep]
"data.rows" = [2, 4]
"data.low" = [0, 1]
"data.high" = [1, 2]
zip = [["data.low", "data.high"]]
)";

const Value& param(const Pipeline& p, const std::string& node, const std::string& name) {
  return p.find_node(node)->params.at(name).value;
}

std::vector<std::string> swept_keys(const Pipeline& p) {
  std::vector<std::string> out;
  for (const auto& axis : p.axes) out.insert(out.end(), axis.keys.begin(), axis.keys.end());
  return out;
}

}  // namespace

TEST_CASE("overriding node.param replaces the param and drops its sweep axis", "[pipeline]") {
  const auto p = validated(kPipeline, {"data.rows=5", "n.label=\"a b\"", "n.weights = [1, 2]"});
  CHECK(param(p, "data", "rows") == Value(5));
  CHECK(param(p, "n", "label") == Value("a b"));
  CHECK(param(p, "n", "weights") == Value(RealArray{{2}, {1, 2}}));
  CHECK(swept_keys(p) == std::vector<std::string>{"data.low", "data.high"});
  CHECK(p.find_node("data")->params.at("rows").pos.file == "--set");
}

TEST_CASE("an override takes a bare word that is not TOML as a string", "[pipeline]") {
  const auto p = validated(kPipeline, {"n.mode=exact", "n.label=1.2.3"});
  CHECK(param(p, "n", "mode") == Value("exact"));
  CHECK(param(p, "n", "label") == Value("1.2.3"));
}

TEST_CASE("overriding one zipped key leaves the others zipped", "[pipeline]") {
  const auto p = validated(kPipeline, {"data.low=0.5"});
  CHECK(swept_keys(p) == std::vector<std::string>{"data.rows", "data.high"});
  REQUIRE(p.axes.size() == 2);
  CHECK(p.axes[1].steps.size() == 2);
  CHECK(p.axes[1].steps[1] == std::vector<Value>{Value(2.0)});
  CHECK(param(p, "data", "low") == Value(0.5));
}

TEST_CASE("overriding sweep.node.param adds or replaces an axis", "[pipeline]") {
  auto p = validated(kPipeline, {"sweep.data.cols=[1, 2, 3]", "sweep.data.rows=[7]",
                                 "sweep.data.low=[0.5, 0.25]"});
  CHECK(swept_keys(p) ==
        std::vector<std::string>{"data.rows", "data.low", "data.high", "data.cols"});
  CHECK(p.axes[0].steps == std::vector<std::vector<Value>>{{Value(7)}});
  CHECK(p.axes[1].steps[1] == std::vector<Value>{Value(0.25), Value(2.0)});
  CHECK(p.axes[2].steps.size() == 3);
}

TEST_CASE("overriding sweep.replicates and pipeline.seed sets the sweep's repeats and seed",
          "[pipeline]") {
  const auto p = validated(kPipeline, {"sweep.replicates=4", "pipeline.seed=7"});
  CHECK(p.replicates == 4);
  CHECK(p.seed == 7);
}

TEST_CASE("malformed --set overrides name the assignment", "[pipeline]") {
  struct Malformed {
    std::string assignment;
    std::string message;
  };
  const std::vector<Malformed> cases = {
      {"data.rows",
       "assay: --set: data.rows: expected key=value; write node.param=value, "
       "sweep.node.param=[v1, v2], sweep.replicates=N or pipeline.seed=N"},
      {"data.rows=", "assay: --set: data.rows=: expected key=value;"},
      {"rows=5", "assay: --set: rows=5: expected node.param=value; write node.param=value,"},
      {"dta.rows=5", "assay: --set: dta.rows=5: no node \"dta\"; did you mean \"data\"? write"},
      {"data.rows=[1,",
       "assay: --set: data.rows=[1,: cannot read [1, as a TOML value (Error while parsing array: "
       "encountered end-of-file); write TOML, e.g. 5, 2.5, true, \"text\" or [1, 2]"},
      {"data.rows=1\nx = 2", "assay: --set: data.rows=1\nx = 2: more than one value;"},
      {"data.rows=[[1], 2]", "assay: --set: data.rows=[[1], 2]: a list mixes lists and numbers;"},
      {"sweep.data.rows=5",
       "assay: --set: sweep.data.rows=5: expected a list of values, got 5; give the values as a "
       "list, e.g. [1, 2, 3]"},
      {"sweep.data.rows=[]", "assay: --set: sweep.data.rows=[]: empty sweep list;"},
      {"sweep.rows=[1]", "assay: --set: sweep.rows=[1]: expected sweep.node.param=[values];"},
      {"sweep.data.low=[0, 1, 2]",
       "assay: --set: sweep.data.low=[0, 1, 2]: \"data.low\" is zipped with other keys of 2 "
       "values; give 2 values"},
      {"sweep.replicates=0", "assay: --set: sweep.replicates=0: expected an integer >= 1, got 0;"},
      {"pipeline.seed=-3", "assay: --set: pipeline.seed=-3: expected a non-negative integer seed;"},
      {"pipeline.name=x", "assay: --set: pipeline.name=x: only the seed of [pipeline] can be set;"},
      {"sweep.data.low=[0, \"x\"]",
       "assay: --set: sweep.data.low: value 2 of 2: expected real, got \"x\";"},
      {"data.rowz=5",
       "assay: --set: nodes.data.rowz: unknown param of uniform_matrix; did you mean \"rows\"?"},
      {"data.rows=0", "assay: --set: nodes.data.rows: expected int in [1, 1000], got 0;"},
      {"data.rows=many", "assay: --set: nodes.data.rows: expected int in [1, 1000], got \"many\";"},
      {"sweep.data.rows=[1, 0]",
       "assay: --set: sweep.data.rows: value 2 of 2: expected int in [1, 1000], got 0;"},
      {"sweep.dat.rows=[1]",
       "assay: --set: sweep.dat.rows: no node \"dat\"; did you mean \"data\"?"},
  };
  for (const auto& c : cases) {
    INFO(c.assignment);
    CHECK_THAT(error_of(kPipeline, {c.assignment}), Catch::Matchers::StartsWith(c.message));
  }
}
