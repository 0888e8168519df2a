// Training-step time of the five reference models on Assay's nn library, single thread.
// Prints one line per model: "<model> <milliseconds per step>". compare.py runs this and the
// PyTorch peer (torch_peer.py) on the same models and reports the ratios.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "assay/nn/nn.hpp"

namespace nn = assay::nn;

namespace {

// Median over `repeats` of the mean CPU time of `steps` calls, after `warmup` calls. CPU
// time, not wall time, because the benchmark machine is shared; both sides run one thread.
double ms_per_step(const std::function<void()>& step, int warmup, int steps, int repeats) {
  for (int i = 0; i < warmup; ++i) step();
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    const std::clock_t start = std::clock();
    for (int i = 0; i < steps; ++i) step();
    const double elapsed_ms = 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    times.push_back(elapsed_ms / steps);
  }
  std::nth_element(times.begin(), times.begin() + repeats / 2, times.end());
  return times[repeats / 2];
}

std::vector<int> random_labels(std::size_t n, int classes, nn::Rng& rng) {
  std::vector<int> labels(n);
  for (auto& y : labels) y = static_cast<int>(rng() % static_cast<unsigned>(classes));
  return labels;
}

// MLP 64-128-128-10, ReLU, batch 32, cross-entropy, Adam.
double bench_mlp(int scale) {
  nn::Rng rng(1);
  nn::ParameterSet params;
  const nn::Mlp mlp(params, "mlp", {64, 128, 128, 10}, nn::Activation::relu, rng);
  nn::Adam opt(params, {.lr = 1e-3});
  const nn::Matrix x = nn::normal_matrix<float>(32, 64, 1.0f, rng);
  const std::vector<int> y = random_labels(32, 10, rng);
  nn::Tape tape;
  return ms_per_step(
      [&] {
        tape.clear();
        opt.zero_grad();
        tape.backward(nn::cross_entropy(mlp(tape.constant(x)), y));
        opt.step();
      },
      50 * scale, 200 * scale, 5);
}

// ReLU RNN, input 32, hidden 128, batch 64, 20 steps, a 2-d readout per step, MSE, Adam.
double bench_rnn(int scale) {
  const int batch = 64, hidden = 128, length = 20, in = 32;
  nn::Rng rng(2);
  nn::ParameterSet params;
  const nn::RnnCell cell(params, "rnn", in, hidden, nn::Activation::relu, rng);
  const nn::Linear readout(params, "out", hidden, 2, rng);
  nn::Adam opt(params, {.lr = 1e-3});
  std::vector<nn::Matrix> xs;
  for (int t = 0; t < length; ++t) xs.push_back(nn::normal_matrix<float>(batch, in, 1.0f, rng));
  const nn::Matrix target = nn::normal_matrix<float>(batch * length, 2, 1.0f, rng);
  const nn::Matrix h0 = nn::Matrix::Zero(batch, hidden);
  nn::Tape tape;
  return ms_per_step(
      [&] {
        tape.clear();
        opt.zero_grad();
        std::vector<nn::Var<float>> inputs;
        for (const auto& x : xs) inputs.push_back(tape.constant(x));
        const auto hs = cell.unroll(inputs, tape.constant(h0));
        tape.backward(nn::mse(readout(nn::concat_rows(hs)), target));
        opt.step();
      },
      10 * scale, 40 * scale, 5);
}

// Decoder-only transformer: vocab 64, d 64, 4 heads, MLP 256, 2 pre-norm blocks, context 64,
// batch 16, causal next-token cross-entropy, Adam.
double bench_transformer(int scale) {
  const int vocab = 64, dim = 64, heads = 4, context = 64, batch = 16, layers = 2;
  nn::Rng rng(3);
  nn::ParameterSet params;
  const nn::Embedding tokens(params, "tok", vocab, dim, rng);
  const nn::Embedding positions(params, "pos", context, dim, rng);
  std::vector<nn::TransformerBlock<float>> blocks;
  for (int l = 0; l < layers; ++l) {
    blocks.emplace_back(params, "block" + std::to_string(l), dim, heads, 4 * dim, rng);
  }
  const nn::LayerNorm final_norm(params, "ln_f", dim);
  const nn::Linear readout(params, "head", dim, vocab, rng);
  nn::Adam opt(params, {.lr = 1e-3});
  const std::vector<int> in = random_labels(batch * context, vocab, rng);
  const std::vector<int> out = random_labels(batch * context, vocab, rng);
  std::vector<int> pos;
  for (int b = 0; b < batch; ++b) {
    for (int t = 0; t < context; ++t) pos.push_back(t);
  }
  const nn::Matrix mask = nn::causal_mask<float>(context);
  nn::Tape tape;
  return ms_per_step(
      [&] {
        tape.clear();
        opt.zero_grad();
        auto x = nn::add(tokens(tape, in), positions(tape, pos));
        for (const auto& block : blocks) x = block(x, batch, mask);
        tape.backward(nn::cross_entropy(readout(final_norm(x)), out));
        opt.step();
      },
      3 * scale, 10 * scale, 5);
}

// nn::Gpt, L4 d128, 4 heads, context 64, batch 16, vocab 96: RMSNorm, SwiGLU (hidden 512), no
// biases, learned positions, untied head, LoRA rank 8 (alpha 16) on every q and v; Adam.
double bench_gpt(int scale) {
  const int vocab = 96, context = 64, batch = 16;
  nn::Rng rng(4);
  nn::ParameterSet params;
  nn::Gpt gpt(params,
              {.vocab = vocab,
               .context = context,
               .dim = 128,
               .heads = 4,
               .layers = 4,
               .hidden = 512,
               .norm = nn::NormKind::rms,
               .mlp = nn::MlpKind::swiglu,
               .bias = false},
              rng);
  for (int l = 0; l < 4; ++l) {
    for (const char* p : {".attn.q", ".attn.v"}) {
      gpt.projection("block" + std::to_string(l) + p).use_lora(params, 8, 16.0f, rng);
    }
  }
  nn::Adam opt(params, {.lr = 1e-3});
  const std::vector<int> in = random_labels(batch * context, vocab, rng);
  const std::vector<int> out = random_labels(batch * context, vocab, rng);
  nn::Tape tape;
  return ms_per_step(
      [&] {
        tape.clear();
        opt.zero_grad();
        tape.backward(gpt.loss(tape, in, out, batch));
        opt.step();
      },
      2 * scale, 6 * scale, 5);
}

// Convolutional autoencoder on a batch of 64 1 x 28 x 28 images: conv 1->16 (3x3, pad 1), ReLU,
// max pool 2, conv 16->32 (3x3, pad 1), ReLU, max pool 2, transposed conv 32->16 (3x3, stride 2,
// pad 1, output pad 1), ReLU, bilinear upsampling x2, conv 16->1 (3x3, pad 1); MSE to the input;
// Adam.
double bench_cnn(int scale) {
  const int batch = 64;
  nn::Rng rng(5);
  nn::ParameterSet params;
  const nn::Conv2d conv1(params, "conv1", 1, 16, 3, rng, 1, 1);
  const nn::Conv2d conv2(params, "conv2", 16, 32, 3, rng, 1, 1);
  const nn::ConvTranspose2d up(params, "up", 32, 16, 3, rng, 2, 1, 1);
  const nn::Conv2d out(params, "out", 16, 1, 3, rng, 1, 1);
  nn::Adam opt(params, {.lr = 1e-3});
  const nn::Matrix x = nn::normal_matrix<float>(batch, 28 * 28, 1.0f, rng);
  nn::Tape tape;
  return ms_per_step(
      [&] {
        tape.clear();
        opt.zero_grad();
        auto h = nn::max_pool2d(nn::relu(conv1(tape.constant(x), {1, 28, 28})), {16, 28, 28}, 2, 2);
        h = nn::max_pool2d(nn::relu(conv2(h, {16, 14, 14})), {32, 14, 14}, 2, 2);
        h = nn::upsample_bilinear(nn::relu(up(h, {32, 7, 7})), {16, 14, 14}, 2);
        tape.backward(nn::mse(out(h, {16, 28, 28}), x));
        opt.step();
      },
      2 * scale, 6 * scale, 5);
}

}  // namespace

int main(int argc, char** argv) {
  // Optional: a factor on the number of timed steps (1 = about a second per model) and the
  // models to run (default: all).
  const int scale = argc > 1 ? std::max(1, std::atoi(argv[1])) : 1;
  const std::string only = argc > 2 ? argv[2] : "";
  const std::pair<const char*, double (*)(int)> models[] = {{"mlp", bench_mlp},
                                                            {"rnn", bench_rnn},
                                                            {"transformer", bench_transformer},
                                                            {"gpt", bench_gpt},
                                                            {"cnn", bench_cnn}};
  for (auto [name, run] : models) {
    if (only.empty() || only == name) std::printf("%s %.4f\n", name, run(scale));
  }
  return 0;
}
