// The configurable decoder: gradients of every variant against finite differences (double),
// and the behaviour of its reachable parts (names, swaps, taps, masks, export).
#include <catch2/catch.hpp>
#include <limits>

#include "nn/gpt_options.hpp"
#include "nn/gradient_assert.hpp"

namespace nn = assay::nn;
using nn::testing::check_gradients;
using nn::testing::MatD;
using nn::testing::require_close;
using V = nn::Var<double>;
using Vs = std::vector<V>;

namespace {

nn::GptConfig tiny() {
  return {.vocab = 7, .context = 4, .dim = 4, .heads = 2, .layers = 2, .hidden = 6};
}

// 2 sequences of 3 tokens.
const std::vector<int> kTokens = {1, 4, 2, 6, 0, 3};

// Moves every parameter off its initial value (norm gains off 1, LoRA's B off 0) so that every
// gradient is tested in general position.
void perturb(nn::ParameterSet<double>& params, std::uint64_t seed) {
  nn::Rng rng(seed);
  for (std::size_t i = 0; i < params.size(); ++i) {
    auto& v = params.at(i).value;
    v += nn::normal_matrix<double>(v.rows(), v.cols(), 0.3, rng);
  }
}

MatD logits_of(const nn::Gpt<double>& gpt, const std::vector<int>& tokens, nn::Index batch,
               const MatD& mask = MatD()) {
  nn::Tape<double> tape;
  return gpt.logits(tape, tokens, batch, mask).value();
}

}  // namespace

TEST_CASE("the default decoder (LayerNorm, GELU, biases, learned positions) has exact gradients",
          "[nn][gradient][gpt]") {
  nn::Rng rng(1);
  nn::ParameterSet<double> params;
  const nn::Gpt<double> gpt(params, tiny(), rng);
  perturb(params, 2);
  require_close(check_gradients(
      params, {}, [&](auto& tape, const Vs&) { return gpt.logits(tape, kTokens, 2); }));
}

TEST_CASE("every option of the decoder together has exact gradients", "[nn][gradient][gpt]") {
  const nn::GptConfig c = nn::testing::with_every_option(tiny());
  nn::Rng rng(3);
  nn::ParameterSet<double> params;
  nn::Gpt<double> gpt(params, c, rng);
  gpt.projection("block0.attn.q").use_lora(params, 2, 4.0, rng);
  gpt.projection("block1.attn.v").use_lora(params, 2, 4.0, rng);
  MatD& gate_mask = gpt.projection("block1.mlp.gate").use_mask();
  gate_mask(0, 1) = gate_mask(3, 2) = 0;
  gpt.set_topk("block0.mlp_hidden", 3);
  perturb(params, 4);
  // The interleaved-style mask: an arbitrary additive pattern with finite biases.
  const double inf = std::numeric_limits<double>::infinity();
  MatD mask(3, 3);
  mask << 0, -inf, 0.5,  //
      -1, 0, -inf,       //
      0, 0.25, 0;
  require_close(check_gradients(
      params, {}, [&](auto& tape, const Vs&) { return gpt.logits(tape, kTokens, 2, mask); }));
  // LoRA froze its bases; masked weights get no gradient.
  CHECK(params["block0.attn.q.weight"].frozen);
  nn::Tape<double> tape;
  params.zero_grad();
  tape.backward(gpt.loss(tape, kTokens, {4, 2, 6, 0, 3, 5}, 2));
  CHECK(params["block1.mlp.gate.weight"].grad(0, 1) == 0.0);
  CHECK(params["block1.mlp.gate.weight"].grad(3, 2) == 0.0);
  CHECK(params["block1.mlp.gate.weight"].grad(1, 1) != 0.0);
}

TEST_CASE("decoder parameters and projections are named and reachable", "[nn][gpt]") {
  nn::GptConfig c = tiny();
  c.mlp = nn::MlpKind::swiglu;
  c.tied_unembedding = true;
  nn::Rng rng(5);
  nn::ParameterSet<double> params;
  nn::Gpt<double> gpt(params, c, rng);
  for (auto* name : {"tok.weight", "pos.weight", "block1.ln1.weight", "block1.ln1.bias",
                     "block0.attn.k.weight", "block0.attn.o.bias", "block1.mlp.gate.weight",
                     "block1.mlp.up.bias", "block1.mlp.down.weight", "ln_f.weight"}) {
    INFO(name);
    CHECK(params.find(name) != nullptr);
  }
  CHECK(params.find("head.weight") == nullptr);  // tied: the unembedding is tok.weight
  CHECK(&gpt.projection("head").base().weight() == &params["tok.weight"]);
  CHECK(gpt.projection_names().size() == 2 * 7 + 1);
  REQUIRE_THROWS_WITH(gpt.projection("block0.attn.x"), Catch::Contains("block<i>.attn"));
  REQUIRE_THROWS_AS(gpt.set_topk("block9.out", 2), std::out_of_range);
  // Two LayerNorms, four attention and three MLP projections, each with weight and bias.
  CHECK(params.freeze("block0.") == 18);
}

TEST_CASE("the per-head tap ablates one head as zeroing its output-projection columns does",
          "[nn][gpt]") {
  nn::Rng rng(6);
  nn::ParameterSet<double> params;
  nn::Gpt<double> gpt(params, tiny(), rng);
  perturb(params, 7);
  const nn::Index head_dim = 2;
  nn::Tape<double> tape;
  tape.set_hook("block1.attn.heads", [&](std::string_view, MatD& heads) {
    heads.middleCols(head_dim, head_dim).setZero();  // head 1
  });
  const MatD ablated = gpt.logits(tape, kTokens, 2).value();
  const MatD full = logits_of(gpt, kTokens, 2);
  CHECK((ablated - full).cwiseAbs().maxCoeff() > 1e-3);
  params["block1.attn.o.weight"].value.middleCols(head_dim, head_dim).setZero();
  CHECK((logits_of(gpt, kTokens, 2) - ablated).cwiseAbs().maxCoeff() < 1e-12);
}

TEST_CASE("causal, full and custom attention masks decide what a position sees", "[nn][gpt]") {
  nn::GptConfig c = tiny();
  nn::Rng rng(8);
  nn::ParameterSet<double> params;
  const nn::Gpt<double> causal(params, c, rng);
  c.causal = false;
  nn::ParameterSet<double> params_full;
  nn::Rng same(8);
  const nn::Gpt<double> full(params_full, c, same);
  std::vector<int> changed = kTokens;
  changed[2] = 5;  // the last token of the first sequence
  // Causal: earlier positions do not see the change; full: they do.
  const MatD before = logits_of(causal, kTokens, 2), after = logits_of(causal, changed, 2);
  CHECK((before.topRows(2) - after.topRows(2)).cwiseAbs().maxCoeff() == 0.0);
  CHECK((logits_of(full, kTokens, 2).topRows(2) - logits_of(full, changed, 2).topRows(2))
            .cwiseAbs()
            .maxCoeff() > 1e-6);
  // An explicit zero mask turns the causal model into the full one (same seed, same weights).
  CHECK((logits_of(causal, kTokens, 2, MatD::Zero(3, 3)) - logits_of(full, kTokens, 2))
            .cwiseAbs()
            .maxCoeff() < 1e-12);
}

TEST_CASE("a projection can be replaced by any function and reset", "[nn][gpt]") {
  nn::Rng rng(9);
  nn::ParameterSet<double> params;
  nn::Gpt<double> gpt(params, tiny(), rng);
  const MatD plain = logits_of(gpt, kTokens, 2);
  auto& o = gpt.projection("block0.attn.o");
  o.use([](V x) { return nn::scale(x, 0.0); });  // attention of block 0 removed
  const MatD removed = logits_of(gpt, kTokens, 2);
  CHECK((removed - plain).cwiseAbs().maxCoeff() > 1e-6);
  REQUIRE_THROWS_AS(o.use_mask(), std::logic_error);
  o.reset();
  CHECK((logits_of(gpt, kTokens, 2) - plain).cwiseAbs().maxCoeff() == 0.0);
  // A zero mask on o removes the weight but keeps o's bias.
  o.use_mask().setZero();
  params["block0.attn.o.bias"].value.setZero();
  CHECK((logits_of(gpt, kTokens, 2) - removed).cwiseAbs().maxCoeff() < 1e-12);
}

TEST_CASE("activation top-k keeps k entries per row at its site", "[nn][gpt]") {
  nn::Rng rng(10);
  nn::ParameterSet<double> params;
  nn::Gpt<double> gpt(params, tiny(), rng);
  gpt.set_topk("block0.mlp_hidden", 2);
  nn::Tape<double> tape;
  MatD seen;
  tape.set_hook("block0.mlp_hidden", [&](std::string_view, MatD& h) { seen = h; });
  gpt.logits(tape, kTokens, 2);
  REQUIRE(seen.cols() == 6);
  for (nn::Index i = 0; i < seen.rows(); ++i) CHECK((seen.row(i).array() != 0).count() == 2);
  gpt.set_topk("block0.mlp_hidden", -1);
  tape.clear();
  gpt.logits(tape, kTokens, 2);
  CHECK((seen.array() != 0).count() > 2 * seen.rows());
}

TEST_CASE("exported arrays restore a model into a differently initialised one", "[nn][gpt]") {
  nn::GptConfig c = tiny();
  c.bigram = true;
  nn::Rng rng(11), other(12);
  nn::ParameterSet<double> a, b;
  const nn::Gpt<double> first(a, c, rng);
  const nn::Gpt<double> second(b, c, other);
  perturb(a, 13);
  const auto arrays = nn::export_arrays(a);
  REQUIRE(arrays.size() == a.size());
  CHECK(arrays[0].name == "tok.weight");
  CHECK(arrays[0].shape == std::vector<nn::Index>{7, 4});
  CHECK((logits_of(first, kTokens, 2) - logits_of(second, kTokens, 2)).cwiseAbs().maxCoeff() > 0);
  nn::import_arrays(b, arrays);
  CHECK((logits_of(first, kTokens, 2) - logits_of(second, kTokens, 2)).cwiseAbs().maxCoeff() == 0);
  auto wrong = arrays;
  wrong[0].shape = {4, 7};
  REQUIRE_THROWS_AS(nn::import_arrays(b, wrong), std::invalid_argument);
  wrong = arrays;
  wrong[0].name = "tok.weigth";
  REQUIRE_THROWS_WITH(nn::import_arrays(b, wrong), Catch::Contains("did you mean 'tok.weight'"));
}
