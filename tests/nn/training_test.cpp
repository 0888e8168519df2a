// End-to-end convergence on tasks with known solutions. Each trains a few hundred full steps
// from a fixed seed in well under a second.
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "assay/nn/nn.hpp"

namespace nn = assay::nn;

TEST_CASE("an MLP learns XOR", "[nn][training]") {
  nn::Rng rng(1);
  nn::ParameterSet params;
  const nn::Mlp mlp(params, "mlp", {2, 8, 1}, nn::Activation::tanh, rng);
  nn::Adam opt(params, {.lr = 0.05});
  nn::Matrix x(4, 2), y(4, 1);
  x << 0, 0, 0, 1, 1, 0, 1, 1;
  y << 0, 1, 1, 0;
  nn::Tape tape;
  float loss = 0;
  for (int step = 0; step < 500; ++step) {
    tape.clear();
    opt.zero_grad();
    const auto l = nn::bce_with_logits(mlp(tape.constant(x)), y);
    tape.backward(l);
    opt.step();
    loss = l.item();
  }
  // Chance level is log 2 = 0.69.
  CHECK(loss < 0.05f);
  tape.clear();
  const nn::Matrix logits = mlp(tape.constant(x)).value();
  CHECK(((logits.array() > 0).cast<float>() == y.array()).all());
}

TEST_CASE("an MLP regresses a sine on [-pi, pi]", "[nn][training]") {
  nn::Rng rng(2);
  nn::ParameterSet params;
  const nn::Mlp mlp(params, "mlp", {1, 32, 32, 1}, nn::Activation::tanh, rng);
  nn::Adam opt(params, {.lr = 0.01});
  const nn::Matrix x = nn::uniform_matrix<float>(256, 1, std::numbers::pi_v<float>, rng);
  const nn::Matrix y = x.array().sin();
  nn::Tape tape;
  const long steps = 1500;
  for (long step = 0; step < steps; ++step) {
    tape.clear();
    opt.zero_grad();
    opt.set_lr(static_cast<float>(nn::warmup_cosine(step, 50, steps, 0.01, 1e-4)));
    tape.backward(nn::mse(mlp(tape.constant(x)), y));
    opt.step();
  }
  const nn::Matrix grid = Eigen::VectorXf::LinSpaced(101, -3.1f, 3.1f);
  tape.clear();
  const float test_mse = nn::mse(mlp(tape.constant(grid)), nn::Matrix(grid.array().sin())).item();
  // Var(sin) on the interval is 1/2; require R^2 > 0.99.
  CHECK(test_mse < 0.005f);
}

TEST_CASE("one attention layer learns to reverse a sequence", "[nn][training]") {
  const int vocab = 6, length = 6, dim = 32, batch = 64;
  nn::Rng rng(3);
  nn::ParameterSet params;
  const nn::Embedding tokens(params, "tok", vocab, dim, rng);
  const nn::Embedding positions(params, "pos", length, dim, rng);
  const nn::MultiHeadAttention attn(params, "attn", dim, 2, rng);
  const nn::LayerNorm ln(params, "ln", dim);
  const nn::Linear readout(params, "out", dim, vocab, rng);
  nn::Adam opt(params, {.lr = 0.01});
  std::vector<int> pos_index;
  for (int b = 0; b < batch; ++b) {
    for (int t = 0; t < length; ++t) pos_index.push_back(t);
  }
  auto sample = [&](std::vector<int>& in, std::vector<int>& out) {
    in.assign(batch * length, 0);
    out.assign(batch * length, 0);
    for (int b = 0; b < batch; ++b) {
      for (int t = 0; t < length; ++t) in[b * length + t] = static_cast<int>(rng() % vocab);
      for (int t = 0; t < length; ++t) out[b * length + t] = in[b * length + length - 1 - t];
    }
  };
  auto logits_of = [&](nn::Tape<float>& tape, const std::vector<int>& in) {
    const auto x = nn::add(tokens(tape, in), positions(tape, pos_index));
    return readout(ln(nn::add(x, attn(x, batch, nn::Matrix()))));
  };
  nn::Tape tape;
  std::vector<int> in, out;
  for (int step = 0; step < 400; ++step) {
    sample(in, out);
    tape.clear();
    opt.zero_grad();
    tape.backward(nn::cross_entropy(logits_of(tape, in), out));
    opt.step();
  }
  sample(in, out);
  tape.clear();
  const nn::Matrix logits = logits_of(tape, in).value();
  int correct = 0;
  for (nn::Index i = 0; i < logits.rows(); ++i) {
    nn::Index arg = 0;
    logits.row(i).maxCoeff(&arg);
    correct += arg == out[static_cast<std::size_t>(i)];
  }
  // Chance is 1/6; a position-addressed copy is exact.
  CHECK(correct >= 0.98 * batch * length);
}

TEST_CASE("an RNN learns to integrate a velocity signal", "[nn][training]") {
  const int steps_in_time = 20, batch = 64, hidden = 32;
  nn::Rng rng(4);
  nn::ParameterSet params;
  const nn::RnnCell cell(params, "rnn", 1, hidden, nn::Activation::tanh, rng);
  const nn::Linear readout(params, "out", hidden, 1, rng);
  nn::Adam opt(params, {.lr = 0.01});
  nn::Tape tape;
  // Targets are positions x_t = sum of velocities v_s ~ N(0, 0.3^2); mean Var(x_t) = 0.945.
  auto loss_on_fresh_batch = [&] {
    std::vector<nn::Var<float>> xs, predictions;
    nn::Matrix position = nn::Matrix::Zero(batch, 1);
    std::vector<nn::Matrix> targets;
    for (int t = 0; t < steps_in_time; ++t) {
      const nn::Matrix v = nn::normal_matrix<float>(batch, 1, 0.3f, rng);
      position += v;
      xs.push_back(tape.constant(v));
      targets.push_back(position);
    }
    const auto hs = cell.unroll(xs, tape.constant(nn::Matrix::Zero(batch, hidden)));
    std::vector<nn::Var<float>> outs;
    for (const auto& h : hs) outs.push_back(readout(h));
    nn::Matrix stacked(batch * steps_in_time, 1);
    for (int t = 0; t < steps_in_time; ++t) stacked.middleRows(t * batch, batch) = targets[t];
    return nn::mse(nn::concat_rows(outs), stacked);
  };
  // At a constant rate of 0.01 the loss keeps jumping between 0.01 and 0.1 late in training, so
  // where it ends depends on float rounding (it moved when the products changed kernels): the
  // rate decays to zero instead, and the loss is averaged over four fresh batches.
  const int training_steps = 400;
  for (int step = 0; step < training_steps; ++step) {
    opt.set_lr(static_cast<float>(nn::warmup_cosine(step, 0, training_steps, 0.01)));
    tape.clear();
    opt.zero_grad();
    tape.backward(loss_on_fresh_batch());
    nn::clip_grad_norm(params, 1.0f);
    opt.step();
  }
  float loss = 0;
  for (int batch_index = 0; batch_index < 4; ++batch_index) {
    tape.clear();
    loss += loss_on_fresh_batch().item() / 4;
  }
  // Predicting zero scores 0.945; require 95% of the variance explained.
  CHECK(loss < 0.05f * 0.945f);
}
