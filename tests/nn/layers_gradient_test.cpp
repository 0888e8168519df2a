// Every layer's gradients (inputs and parameters) against central finite differences.
#include <catch2/catch.hpp>

#include "nn/gradient_check.hpp"

namespace nn = assay::nn;
using nn::testing::check_gradients;
using nn::testing::kTolerance;
using nn::testing::MatD;
using V = nn::Var<double>;
using Vs = std::vector<V>;

namespace {

MatD randn(nn::Index r, nn::Index c, std::uint64_t seed) {
  nn::Rng rng(seed);
  return nn::normal_matrix<double>(r, c, 1.0, rng);
}

void require_close(const nn::testing::GradientError& e) {
  INFO(e.where);
  REQUIRE(e.max_error < kTolerance);
}

// Moves every parameter off its initial value, so zero-initialised ones (LoRA's B, norm
// biases) do not hide gradient paths.
void perturb(nn::ParameterSet<double>& params, std::uint64_t seed) {
  nn::Rng rng(seed);
  for (std::size_t i = 0; i < params.size(); ++i) {
    auto& v = params.at(i).value;
    v += nn::normal_matrix<double>(v.rows(), v.cols(), 0.3, rng);
  }
}

}  // namespace

TEST_CASE("linear, masked linear, LoRA and embedding layers have exact gradients",
          "[nn][gradient]") {
  nn::Rng rng(1);
  nn::ParameterSet<double> params;
  const nn::Linear linear(params, "fc", 4, 3, rng);
  nn::MaskedLinear masked(params, "masked", 4, 3, rng);
  masked.mask()(0, 1) = masked.mask()(2, 3) = 0;
  const nn::LoraLinear lora(params, "lora", nn::Linear(params, "base", 4, 3, rng), 2, 4.0, rng);
  const nn::Embedding embedding(params, "emb", 6, 4, rng);
  perturb(params, 2);
  require_close(check_gradients(params, {randn(5, 4, 3)}, [&](auto& tape, const Vs& x) {
    const V e = embedding(tape, {5, 1, 1, 0, 3});
    return nn::concat_cols<double>({linear(x[0]), masked(x[0]), lora(e), lora(x[0])});
  }));
  CHECK(params["masked.weight"].grad(0, 1) == 0.0);
  CHECK(params["base.weight"].frozen);
}

TEST_CASE("norm layers, MLP and SwiGLU have exact gradients", "[nn][gradient]") {
  nn::Rng rng(3);
  nn::ParameterSet<double> params;
  const nn::LayerNorm ln(params, "ln", 5);
  const nn::RmsNorm rms(params, "rms", 5);
  const nn::Mlp mlp(params, "mlp", {5, 7, 6, 3}, nn::Activation::tanh, rng);
  const nn::Mlp gelu_mlp(params, "gelu_mlp", {5, 4, 2}, nn::Activation::gelu, rng);
  const nn::SwiGlu swiglu(params, "swiglu", 5, 6, rng);
  perturb(params, 4);
  require_close(check_gradients(params, {randn(4, 5, 5)}, [&](auto&, const Vs& x) {
    return nn::concat_cols<double>({mlp(ln(x[0])), gelu_mlp(rms(x[0])), swiglu(x[0])});
  }));
}

TEST_CASE("multi-head attention and the pre-norm transformer block have exact gradients",
          "[nn][gradient]") {
  nn::Rng rng(5);
  nn::ParameterSet<double> params;
  const nn::MultiHeadAttention attn(params, "attn", 4, 2, rng);
  const nn::TransformerBlock block(params, "block", 4, 2, 8, rng);
  perturb(params, 6);
  const MatD mask = nn::causal_mask<double>(3);
  require_close(check_gradients(params, {randn(6, 4, 7)}, [&](auto&, const Vs& x) {
    return nn::add(attn(x[0], 2, MatD()), block(block(x[0], 2, mask), 2, mask));
  }));
}

TEST_CASE("RNN cells (vanilla, ReLU, leaky) and the GRU unrolled over time have exact gradients",
          "[nn][gradient]") {
  nn::Rng rng(7);
  nn::ParameterSet<double> params;
  const nn::RnnCell vanilla(params, "rnn", 2, 4, nn::Activation::tanh, rng);
  const nn::RnnCell relu_cell(params, "relu_rnn", 2, 4, nn::Activation::relu, rng);
  const nn::RnnCell leaky(params, "leaky", 2, 4, nn::Activation::tanh, rng, 0.2);
  const nn::GruCell gru(params, "gru", 2, 4, rng);
  perturb(params, 8);
  std::vector<MatD> inputs;
  for (int t = 0; t < 5; ++t) inputs.push_back(randn(3, 2, 20 + t));
  inputs.push_back(randn(3, 4, 30));  // h0
  require_close(check_gradients(params, inputs, [&](auto&, const Vs& x) {
    const Vs xs(x.begin(), x.end() - 1);
    const V h0 = x.back();
    Vs outs;
    for (const auto* cell : {&vanilla, &relu_cell, &leaky})
      outs.push_back(cell->unroll(xs, h0).back());
    const Vs gru_states = gru.unroll(xs, h0);
    outs.push_back(gru_states[2]);
    outs.push_back(gru_states.back());
    return nn::concat_cols(outs);
  }));
}

TEST_CASE("the fused recurrence has exact gradients for each activation, leak and h0",
          "[nn][gradient]") {
  const nn::Activation activations[] = {nn::Activation::identity, nn::Activation::relu,
                                        nn::Activation::tanh, nn::Activation::sigmoid};
  for (const nn::Activation f : activations) {
    for (const double leak : {1.0, 0.3}) {
      INFO("activation " << static_cast<int>(f) << ", leak " << leak);
      // drive: 4 steps of batch 3, hidden 5; w_hh scaled so that the states stay O(1).
      const MatD w = 0.5 * randn(5, 5, 41);
      require_close(check_gradients(
          {randn(12, 5, 40), w, randn(3, 5, 42)},
          [&](auto&, const Vs& x) { return nn::recurrence(x[0], x[1], x[2], f, leak); }));
    }
  }
}

TEST_CASE("RnnCell::unroll gives the same states and gradients fused and step by step",
          "[nn][gradient]") {
  nn::Rng rng(9);
  nn::ParameterSet<double> params;
  const nn::RnnCell cell(params, "rnn", 2, 4, nn::Activation::relu, rng, 0.7);
  std::vector<MatD> inputs;
  for (int t = 0; t < 5; ++t) inputs.push_back(randn(3, 2, 50 + t));
  const MatD h0 = randn(3, 4, 60);
  const MatD weights = randn(15, 4, 61);
  // A hook that only reads forces the per-step path, which must match the fused one.
  auto run = [&](bool hooked, std::vector<MatD>& grads) {
    nn::Tape<double> tape;
    if (hooked) tape.set_hook("rnn.h3", [](std::string_view, MatD&) {});
    params.zero_grad();
    Vs xs;
    for (const auto& x : inputs) xs.push_back(tape.constant(x));
    const V h = tape.variable(h0);
    const V states = nn::concat_rows(cell.unroll(xs, h));
    tape.backward(nn::sum(nn::mul(states, tape.constant(weights))));
    grads = {h.grad()};
    for (std::size_t i = 0; i < params.size(); ++i) grads.push_back(params.at(i).grad);
    return MatD(states.value());
  };
  std::vector<MatD> fused_grads, step_grads;
  const MatD fused = run(false, fused_grads);
  const MatD stepped = run(true, step_grads);
  REQUIRE(fused.isApprox(stepped, 1e-12));
  for (std::size_t i = 0; i < fused_grads.size(); ++i) {
    INFO("gradient " << i);
    REQUIRE(fused_grads[i].isApprox(step_grads[i], 1e-12));
  }
}
