// nn::Checkpoint as a pipeline value: the record layout, bit-exact round trips, and the errors a
// damaged or foreign record gives.
#include "assay/nn/checkpoint_value.hpp"

#include <catch2/catch.hpp>

#include "assay/error.hpp"

using namespace assay;

namespace {

nn::GptConfig unusual_config() {
  return {.vocab = 13,
          .context = 9,
          .dim = 12,
          .heads = 3,
          .layers = 2,
          .hidden = 20,
          .norm = nn::NormKind::rms,
          .mlp = nn::MlpKind::swiglu,
          .bias = false,
          .learned_positions = false,
          .tied_unembedding = true,
          .causal = false,
          .bigram = true,
          .attention_sink = true,
          .norm_eps = 1e-6};
}

// A trained-looking model: a few Adam steps, so values and moments are not round numbers.
nn::Checkpoint<float> trained_checkpoint() {
  nn::Rng rng(4);
  nn::ParameterSet<float> params;
  const nn::Gpt<float> gpt(params, unusual_config(), rng);
  nn::Adam<float> adam(params, {.lr = 0.01});
  nn::Tape<float> tape;
  const std::vector<int> tokens = {1, 5, 2, 7, 3, 0, 12, 4, 8},
                         targets = {5, 2, 7, 3, 0, 12, 4, 8, 9};
  for (int s = 0; s < 3; ++s) {
    tape.clear();
    adam.zero_grad();
    tape.backward(gpt.loss(tape, tokens, targets, 1));
    adam.step();
  }
  auto checkpoint = nn::make_checkpoint(params, nn::to_config(unusual_config()), &adam);
  checkpoint.training = {{"batch_seed", std::int64_t{77}}};
  return checkpoint;
}

}  // namespace

TEST_CASE("a GPT config survives its model config, field by field", "[sdk][checkpoint]") {
  CHECK(nn::gpt_config(nn::to_config(unusual_config())) == unusual_config());
  CHECK(nn::gpt_config(nn::to_config(nn::GptConfig{})) == nn::GptConfig{});
  auto config = nn::to_config(unusual_config());
  std::erase_if(config, [](const auto& e) { return e.name == "heads"; });
  CHECK_THROWS_WITH(nn::gpt_config(config), Catch::Contains("no setting 'heads'") &&
                                                Catch::Contains("vocab, context, dim, layers"));
  config = nn::to_config(unusual_config());
  config[0].value = std::string("cnn");
  CHECK_THROWS_WITH(nn::gpt_config(config), Catch::Contains("a 'cnn' model, not a gpt"));
}

TEST_CASE("a checkpoint is a record of config, float32 params and optimiser state",
          "[sdk][checkpoint]") {
  const auto checkpoint = trained_checkpoint();
  const Value v = ValueCodec<nn::Checkpoint<float>>::encode(checkpoint);
  REQUIRE(v.kind() == Kind::record);
  const Record& r = v.as_record();
  CHECK(r.names == std::vector<std::string>{"config", "params", "optimizer", "training"});
  CHECK(r.at("config").as_record().at("norm").as_string() == "rms");
  CHECK(r.at("config").as_record().at("dim").as_int() == 12);
  const auto& q = r.at("params").as_record().at("block0.attn.q.weight").as_float_array();
  CHECK(q.shape == std::vector<std::size_t>{12, 12});
  const auto& optimizer = r.at("optimizer").as_record();
  CHECK(optimizer.at("steps").as_int() == 3);
  CHECK(optimizer.at("arrays").as_record().find("tok.weight.exp_avg_sq"));
  CHECK(r.at("training").as_record().at("batch_seed").as_int() == 77);

  const auto back = ValueCodec<nn::Checkpoint<float>>::decode(v);
  CHECK(back == checkpoint);  // every float bit-exact
  nn::Rng rng(99);
  nn::ParameterSet<float> params;
  const nn::Gpt<float> rebuilt(params, nn::gpt_config(back.config), rng);
  nn::Adam<float> adam(params, {.lr = 0.01});
  nn::load_checkpoint(back, params, &adam);
  CHECK(nn::export_arrays(params) == checkpoint.params);
  CHECK(adam.state() == *checkpoint.optimizer);
}

TEST_CASE("a checkpoint without optimiser state says so when asked to resume",
          "[sdk][checkpoint]") {
  auto checkpoint = trained_checkpoint();
  checkpoint.optimizer.reset();
  const Value v = ValueCodec<nn::Checkpoint<float>>::encode(checkpoint);
  CHECK_FALSE(v.as_record().find("optimizer"));
  const auto back = ValueCodec<nn::Checkpoint<float>>::decode(v);
  CHECK(back == checkpoint);
  nn::Rng rng(1);
  nn::ParameterSet<float> params;
  const nn::Gpt<float> rebuilt(params, nn::gpt_config(back.config), rng);
  nn::Adam<float> adam(params, {});
  CHECK_THROWS_WITH(nn::load_checkpoint(back, params, &adam),
                    Catch::Contains("no optimiser state to resume from"));
  CHECK_NOTHROW(nn::load_checkpoint(back, params));
}

TEST_CASE("decoding names what a record lacks or holds wrongly", "[sdk][checkpoint]") {
  using Codec = ValueCodec<nn::Checkpoint<float>>;
  CHECK_THROWS_WITH(Codec::decode(Value(3)), Catch::Contains("expected a record value, got int"));
  Record no_params;
  no_params.add("config", Record{});
  CHECK_THROWS_WITH(Codec::decode(no_params),
                    Catch::Contains("no field 'params' (it has: config)"));
  Record doubles = Codec::encode(trained_checkpoint()).as_record();
  doubles.values[1] = Record{}.add("w", RealArray{{1}, {0.5}});
  CHECK_THROWS_WITH(Codec::decode(doubles),
                    Catch::Contains("expected a float32 array value, got real array"));
  Record table_config;
  table_config.add("config", Record{}.add("dim", Table{})).add("params", Record{});
  CHECK_THROWS_WITH(Codec::decode(table_config),
                    Catch::Contains("checkpoint config 'dim': a table, not a scalar"));
}

TEST_CASE("records refuse names HDF5 cannot hold and say which fields they have", "[sdk]") {
  Record r;
  r.add("a", 1).add("b.c", FloatArray{{2}, {0.1f, -3.5f}});
  CHECK_THROWS_WITH(r.add("a", 2), Catch::Contains("record field 'a' is already set"));
  CHECK_THROWS_AS(r.add("x/y", 2), Error);
  CHECK_THROWS_AS(r.add("", 2), Error);
  CHECK_THROWS_AS(r.add(".", 2), Error);
  CHECK_THROWS_WITH(r.at("z"), Catch::Contains("no field 'z' (it has: a, b.c)"));
  CHECK(to_text(Value(r)) == "{a = 1, b.c = [0.1, -3.5]}");
  CHECK(Value(r) == Value(r));
  Record other = r;
  other.values[1] = FloatArray{{2}, {0.1f, -3.25f}};
  CHECK_FALSE(Value(r) == Value(other));
  CHECK(kind_name(Kind::float_array) == "float32 array");
}
