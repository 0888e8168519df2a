// Expanding a validated pipeline into points: order, zip, replicates, ids, seeds, fingerprint.
#include "pipeline/plan/sweep_plan.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "assay/context.hpp"
#include "pipeline/plan/stable_hash.hpp"
#include "pipelines/pipeline_fixture.hpp"

namespace {

using assay::Pipeline;
using assay::SweepPlan;
using assay::Value;
using assay::test::validated;

const std::string kGrid = R"([pipeline]
name = "grid"
seed = 5
[nodes.data]
method = "uniform_matrix"
[nodes.summary]
method = "matrix_summary"
inputs = { matrix = "data.matrix" }
[sweep]
"data.rows" = [2, 4, 8]
"data.cols" = [3, 5]
replicates = 2
)";

// The same pipeline written differently: other layout, node, key and axis order, ints for reals.
const std::string kGridReformatted = R"(
[nodes.summary]   # reads from data
inputs.matrix = "data.matrix"
method = "matrix_summary"

[sweep]
replicates = 2
data.cols = [3, 5]
data.rows = [2, 4, 8]

[nodes.data]
high = 1
low = 0
method = "uniform_matrix"

[pipeline]
seed = 5
name = "grid"
)";

std::vector<std::string> ids(const SweepPlan& plan) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < plan.size(); ++i) out.push_back(plan.point(i).id);
  return out;
}

}  // namespace

TEST_CASE("points are the product of the axes, last axis fastest, replicates innermost",
          "[sweep]") {
  const auto p = validated(kGrid);
  const SweepPlan plan(p);
  REQUIRE(plan.size() == 12);
  CHECK(plan.swept_keys() == std::vector<std::string>{"data.rows", "data.cols"});
  const std::vector<std::int64_t> rows = {2, 4, 8}, cols = {3, 5};
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const auto point = plan.point(i);
    INFO("point " << i);
    CHECK(point.index == i);
    CHECK(point.replicate == static_cast<std::int64_t>(i % 2));
    const Value r = rows[i / 4], c = cols[(i / 2) % 2];
    CHECK(point.swept ==
          std::vector<std::pair<std::string, Value>>{{"data.rows", r}, {"data.cols", c}});
    CHECK(point.params.at("data").at("rows") == r);
    CHECK(point.params.at("data").at("cols") == c);
    CHECK(point.params.at("data").at("high") == Value(1.0));
    CHECK(point.params.at("summary").empty());
  }
  CHECK_THROWS_AS(plan.point(12), std::out_of_range);
}

TEST_CASE("zipped axes advance together and are not multiplied", "[sweep]") {
  const auto p = validated(R"([pipeline]
name = "zip"
[nodes.data]
method = "uniform_matrix"
[sweep]
"data.low" = [0, 1, 2]
"data.rows" = [2, 4]
"data.high" = [1, 2, 3]
zip = [["data.high", "data.low"]]
)");
  const SweepPlan plan(p);
  REQUIRE(plan.size() == 6);
  // The zip group is one axis where its first list is written, keys in the group's order.
  CHECK(plan.swept_keys() == std::vector<std::string>{"data.high", "data.low", "data.rows"});
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const auto point = plan.point(i);
    const auto& data = point.params.at("data");
    CHECK(data.at("high").as_real() - data.at("low").as_real() == 1.0);
    CHECK(data.at("low") == Value(static_cast<double>(i / 2)));
    CHECK(data.at("rows") == Value(i % 2 ? 4 : 2));
  }
}

TEST_CASE("a pipeline without a sweep has one point per replicate", "[sweep]") {
  const auto one = validated("[pipeline]\nname = \"one\"\n[nodes.s]\nmethod = \"source\"\n");
  CHECK(SweepPlan(one).size() == 1);
  CHECK(SweepPlan(one).swept_keys().empty());
  const auto three = validated(
      "[pipeline]\nname = \"one\"\n[nodes.s]\nmethod = \"source\"\n[sweep]\nreplicates = 3\n");
  const SweepPlan plan(three);
  REQUIRE(plan.size() == 3);
  CHECK(plan.point(2).replicate == 2);
  CHECK(plan.point(2).swept.empty());
}

TEST_CASE("point ids do not depend on layout, key order or the point's index", "[sweep]") {
  const auto a = validated(kGrid);
  const auto b = validated(kGridReformatted);
  const SweepPlan plan_a(a), plan_b(b);
  REQUIRE(plan_a.size() == plan_b.size());
  CHECK(plan_b.swept_keys() == std::vector<std::string>{"data.cols", "data.rows"});
  for (std::size_t i = 0; i < plan_a.size(); ++i) {
    const auto pa = plan_a.point(i);
    // In b the axes are swapped, so the same point sits at another index.
    const auto rows = i / 4, cols = (i / 2) % 2;
    const auto pb = plan_b.point((cols * 3 + rows) * 2 + pa.replicate);
    INFO("point " << i);
    CHECK(pb.params == pa.params);
    CHECK(pb.id == pa.id);
    CHECK(pb.seed == pa.seed);
  }
}

TEST_CASE("point ids and seeds differ across values and replicates", "[sweep]") {
  const auto p = validated(kGrid);
  const SweepPlan plan(p);
  const auto all = ids(plan);
  CHECK(std::set<std::string>(all.begin(), all.end()).size() == all.size());
  std::set<std::uint64_t> seeds;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const auto point = plan.point(i);
    CHECK(point.id.size() == 16);
    CHECK(point.id.find_first_not_of("0123456789abcdef") == std::string::npos);
    seeds.insert(point.seed);
    REQUIRE(point.lineage.size() == 2);
    seeds.insert(point.lineage[0].seed);
    seeds.insert(point.lineage[1].seed);
  }
  CHECK(seeds.size() == 3 * plan.size());
}

TEST_CASE("point ids follow every resolved param, seeds follow the pipeline seed", "[sweep]") {
  const auto p = validated(kGrid), p_param = validated(kGrid, {"data.high=2"}),
             p_seed = validated(kGrid, {"pipeline.seed=6"});
  const SweepPlan base(p), other_param(p_param), other_seed(p_seed);
  for (std::size_t i = 0; i < base.size(); ++i) {
    CHECK(other_param.point(i).id != base.point(i).id);
    CHECK(other_seed.point(i).id == base.point(i).id);
    CHECK(other_seed.point(i).seed != base.point(i).seed);
  }
}

TEST_CASE("point ids and seeds are the documented hashes", "[sweep]") {
  // FNV-1a 64 of the canonical text, then fmix64, computed independently (Python).
  const auto p = validated(
      "[pipeline]\nname = \"h\"\nseed = 9\n[nodes.s]\nmethod = \"source\"\n"
      "[sweep]\n\"s.value\" = [2.5]\nreplicates = 2\n");
  const SweepPlan plan(p);
  const auto point = plan.point(1);
  CHECK(point.id == "6cc8f5855dda3334");  // of "s.value=2.5\nreplicate=1\n"
  CHECK(assay::stable_hash("a") == 0xa5f4f098764a88bbull);
  CHECK(point.seed == assay::derive_seed(9, assay::stable_hash(point.id)));
  // FNV-1a 128 of the lineage text, each half through fmix64 (high after mixing in the low).
  CHECK(assay::hex32(assay::stable_hash128("a")) == "e6440af3bbf7b7a383cc77de68565ad0");
  REQUIRE(point.lineage.size() == 1);  // of "method=source \nvalue=2.5\nseed=9\nreplicate=1"
  CHECK(point.lineage[0].key == "419f7aef4acbca3fe47236a3d269e300");
  CHECK(point.lineage[0].seed == assay::derive_seed(0x419f7aef4acbca3full, 0xe47236a3d269e300ull));
}

const std::string kChain = R"([pipeline]
name = "chain"
[nodes.a]
method = "source"
[nodes.b]
method = "pass"
inputs = { x = "a.y" }
[sweep]
"b.scale" = [1.0, 2.0, 3.0]
replicates = 2
)";

TEST_CASE("points that differ only downstream share the upstream node's lineage", "[sweep]") {
  const auto p = validated(kChain);
  const SweepPlan plan(p);
  std::set<std::string> a_keys, b_keys;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const auto point = plan.point(i);
    a_keys.insert(point.lineage[0].key);
    b_keys.insert(point.lineage[1].key);
    CHECK(point.lineage[0].seed == plan.point(i % 2).lineage[0].seed);  // same replicate
  }
  CHECK(a_keys.size() == 2);  // one per replicate
  CHECK(b_keys.size() == 6);
}

TEST_CASE("lineage keys follow upstream keys, version, seed and replicate sharing", "[sweep]") {
  const auto base = validated(kChain);
  const auto first = [](const Pipeline& p) { return SweepPlan(p).point(0).lineage; };
  const auto keys = first(base);
  // An upstream param changes the upstream key and, through its input, the downstream one.
  const auto upstream = first(validated(kChain, {"a.value=2"}));
  CHECK(upstream[0].key != keys[0].key);
  CHECK(upstream[1].key != keys[1].key);
  // A new method version is another computation.
  auto bumped = base;
  bumped.nodes[1].method_version = "2.0";
  CHECK(first(bumped)[0].key == keys[0].key);
  CHECK(first(bumped)[1].key != keys[1].key);
  CHECK(first(validated(kChain, {"pipeline.seed=2"}))[0].key != keys[0].key);
  // Shared across replicates: one key for both replicates of a.
  const auto shared = validated(
      std::string(kChain).replace(kChain.find("[nodes.b]"), 0, "replicate = \"shared\"\n"));
  const SweepPlan plan(shared);
  CHECK(plan.point(0).lineage[0].key == plan.point(1).lineage[0].key);
  CHECK(plan.point(0).lineage[1].key != plan.point(1).lineage[1].key);
}

TEST_CASE("the resolved TOML gives the same plan and fingerprint", "[sweep]") {
  const auto p = validated(kGrid);
  const SweepPlan plan(p);
  const auto again = validated(assay::resolved_toml(p));
  const SweepPlan plan_again(again);
  CHECK(plan_again.fingerprint() == plan.fingerprint());
  CHECK(ids(plan_again) == ids(plan));
  CHECK(plan.fingerprint().size() == 16);
}

TEST_CASE("the fingerprint changes with params, seed and sweep", "[sweep]") {
  const auto fingerprint = [](const std::vector<std::string>& overrides) {
    const auto p = validated(kGrid, overrides);
    return SweepPlan(p).fingerprint();
  };
  const auto base = fingerprint({});
  CHECK(fingerprint({"data.high=2"}) != base);
  CHECK(fingerprint({"pipeline.seed=6"}) != base);
  CHECK(fingerprint({"sweep.replicates=3"}) != base);
  CHECK(fingerprint({"sweep.data.cols=[3, 6]"}) != base);
  CHECK(fingerprint({"sweep.data.cols=[3, 5]"}) == base);
}
