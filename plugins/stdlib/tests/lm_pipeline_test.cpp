// The language-model methods through the real CLI and a real result file: training split over
// two nodes equals one node, and the checkpoint read back from the file is the one the run had.
#include <assay/nn/checkpoint_value.hpp>
#include <catch2/catch.hpp>

#include "store/result_store.hpp"
#include "support/assay_process.hpp"
#include "support/plugin_fixture.hpp"

namespace at = assay::testing;
using assay::Value;
using Checkpoint = assay::nn::Checkpoint<float>;

namespace {

const Value& output(const assay::PointResult& p, const std::string& node, const std::string& port) {
  for (const auto& o : p.outputs)
    if (o.node == node && o.port == port) return o.value;
  throw std::runtime_error("no output " + node + "." + port);
}

Checkpoint checkpoint(const assay::PointResult& p, const std::string& node) {
  return assay::ValueCodec<Checkpoint>::decode(output(p, node, "model"));
}

// Training from `init` for `steps` steps on the same schedule (7 steps in all) and data.
std::string train_node(const std::string& name, const std::string& init, int steps) {
  return "[nodes." + name + "]\nmethod = \"lm_train\"\nsteps = " + std::to_string(steps) +
         "\nschedule_steps = 7\nbatch = 4\nwarmup = 2\neval_every = 1\neval_batches = 2\n"
         "inputs = { tokens = \"chars.train_ids\", validation = \"chars.validation_ids\", "
         "init = \"" +
         init + ".model\" }\n";
}

// `base` makes the starting model (a node's seed derives from its params, so two nodes with
// different `steps` would otherwise start from different weights); `whole` trains 6 steps from
// it, `first` and `second` 3 + 3.
const std::string split_pipeline =
    "[pipeline]\nname = \"lm_split\"\n"
    "[nodes.corpus]\nmethod = \"text_corpus\"\nsource = \"fortunes-min\"\n"
    "[nodes.chars]\nmethod = \"char_tokenizer\"\n"
    "inputs = { train = \"corpus.train\", validation = \"corpus.validation\", test = "
    "\"corpus.test\" }\n"
    "[nodes.base]\nmethod = \"lm_train\"\ncontext = 16\ndim = 16\nheads = 2\nlayers = 1\n"
    "steps = 1\nschedule_steps = 7\nbatch = 4\nwarmup = 2\neval_batches = 2\n"
    "inputs = { tokens = \"chars.train_ids\", validation = \"chars.validation_ids\" }\n" +
    train_node("whole", "base", 6) + train_node("first", "base", 3) +
    train_node("second", "first", 3) +
    "[nodes.eval]\nmethod = \"lm_eval\"\nmax_windows = 6\n"
    "inputs = { model = \"second.model\", tokens = \"chars.test_ids\" }\n";

std::vector<double> column(const Value& table, std::size_t c) {
  return std::get<std::vector<double>>(table.as_table().columns[c]);
}

}  // namespace

TEST_CASE("lm_train for 2N steps in one node equals N + N in two, through a result file",
          "[stdlib][lm][cli]") {
  at::TempFolder dir("stdlib_lm_split");
  at::write_text(dir.file("p.toml"), split_pipeline);
  const auto run = at::run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "-q"});
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  const auto result = assay::read_results(dir.file("r.h5"));
  REQUIRE(result.points.size() == 1);
  const auto& p = result.points[0];

  const auto whole = checkpoint(p, "whole"), second = checkpoint(p, "second");
  CHECK(second.params == whole.params);  // bit-exact float32 weights
  CHECK(second.optimizer == whole.optimizer);
  CHECK(second.training == whole.training);
  CHECK(checkpoint(p, "first").params != whole.params);
  CHECK(output(p, "second", "tokens_seen").as_int() == 7 * 4 * 16);
  // Per-step losses: whole's six rows are first's three then second's three.
  for (std::size_t c : {1, 2}) {
    auto joined = column(output(p, "first", "losses"), c);
    const auto rest = column(output(p, "second", "losses"), c);
    joined.insert(joined.end(), rest.begin(), rest.end());
    CHECK(joined == column(output(p, "whole", "losses"), c));
  }
  // Stored as float32, and read back as the checkpoint the run held: lm_eval of the read-back
  // model on the read-back tokens gives the loss the run's lm_eval computed, bit for bit.
  const auto& params = output(p, "second", "model").as_record().at("params").as_record();
  CHECK(params.at("head.weight").kind() == assay::Kind::float_array);
  const auto again = at::run_method(
      "lm_eval", {{"max_windows", 6}},
      {{"model", output(p, "second", "model")}, {"tokens", output(p, "chars", "test_ids")}});
  CHECK(again.at("loss").as_real() == output(p, "eval", "loss").as_real());
}
