// The same weights and inputs give the same loss and gradients as PyTorch (float64 on both
// sides, so agreement is to ~1e-12, not float precision). Skipped, with a warning, where
// /usr/bin/python3 has no torch.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "assay/nn/nn.hpp"
#include "support/skip.hpp"

namespace nn = assay::nn;
using MatD = nn::Mat<double>;
using Tensors = std::map<std::string, MatD>;

namespace {

void write(const std::filesystem::path& path, const Tensors& tensors) {
  std::ofstream out(path);
  out.precision(17);
  for (const auto& [name, m] : tensors) {
    out << name << ' ' << m.rows() << ' ' << m.cols();
    for (nn::Index i = 0; i < m.size(); ++i) out << ' ' << m.data()[i];
    out << '\n';
  }
}

Tensors read(const std::filesystem::path& path) {
  Tensors tensors;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name;
    nn::Index rows = 0, cols = 0;
    fields >> name >> rows >> cols;
    MatD m(rows, cols);
    for (nn::Index i = 0; i < m.size(); ++i) fields >> m.data()[i];
    tensors[name] = m;
  }
  return tensors;
}

// Our loss and parameter gradients, plus what the peer needs (parameters and data).
struct Case {
  Tensors inputs;
  double loss = 0;
  Tensors grads;
};

// Frozen parameters are sent as values only: neither side computes their gradient.
void add_parameters(const nn::ParameterSet<double>& params, Case& c) {
  for (std::size_t i = 0; i < params.size(); ++i) {
    c.inputs[params.at(i).name] = params.at(i).value;
    if (!params.at(i).frozen) c.grads[params.at(i).name] = params.at(i).grad;
  }
}

MatD as_row(const std::vector<int>& v) {
  return Eigen::Map<const Eigen::RowVectorXi>(v.data(), static_cast<nn::Index>(v.size()))
      .cast<double>();
}

void perturb(nn::ParameterSet<double>& params, nn::Rng& rng, double sd) {
  for (std::size_t i = 0; i < params.size(); ++i) {
    auto& v = params.at(i).value;
    v += nn::normal_matrix<double>(v.rows(), v.cols(), sd, rng);
  }
}

MatD randn(nn::Index r, nn::Index c, nn::Rng& rng) {
  return nn::normal_matrix<double>(r, c, 1.0, rng);
}

Case mlp_case() {
  nn::Rng rng(1);
  nn::ParameterSet<double> params;
  const nn::Mlp mlp(params, "mlp", {5, 8, 3}, nn::Activation::relu, rng);
  Case c;
  c.inputs["x"] = randn(6, 5, rng);
  const std::vector<int> labels = {0, 2, 1, 1, 0, 2};
  c.inputs["labels"] = Eigen::Map<const Eigen::RowVectorXi>(labels.data(), 6).cast<double>();
  nn::Tape<double> tape;
  const auto loss = nn::cross_entropy(mlp(tape.constant(c.inputs["x"])), labels);
  tape.backward(loss);
  c.loss = loss.item();
  add_parameters(params, c);
  return c;
}

Case gru_case() {
  nn::Rng rng(2);
  nn::ParameterSet<double> params;
  const nn::GruCell gru(params, "gru", 3, 4, rng);
  Case c;
  nn::Tape<double> tape;
  std::vector<nn::Var<double>> xs;
  for (int t = 0; t < 5; ++t) {
    const std::string name = "x" + std::to_string(t);
    c.inputs[name] = randn(2, 3, rng);
    xs.push_back(tape.constant(c.inputs[name]));
  }
  c.inputs["h0"] = randn(2, 4, rng);
  c.inputs["target"] = randn(2, 4, rng);
  const auto loss =
      nn::mse(gru.unroll(xs, tape.constant(c.inputs["h0"])).back(), c.inputs["target"]);
  tape.backward(loss);
  c.loss = loss.item();
  add_parameters(params, c);
  return c;
}

Case transformer_block_case() {
  const int batch = 2, length = 4, dim = 8;
  nn::Rng rng(3);
  nn::ParameterSet<double> params;
  const nn::TransformerBlock block(params, "b", dim, 2, 16, rng);
  // Move norm gains and biases off 1 and 0 so their gradients are tested in general position.
  for (std::size_t i = 0; i < params.size(); ++i) {
    auto& v = params.at(i).value;
    v += nn::normal_matrix<double>(v.rows(), v.cols(), 0.1, rng);
  }
  Case c;
  c.inputs["x"] = randn(batch * length, dim, rng);
  c.inputs["target"] = randn(batch * length, dim, rng);
  c.inputs["shape"] = (MatD(1, 2) << batch, length).finished();
  nn::Tape<double> tape;
  const auto y = block(tape.constant(c.inputs["x"]), batch, nn::causal_mask<double>(length));
  const auto loss = nn::mse(y, c.inputs["target"]);
  tape.backward(loss);
  c.loss = loss.item();
  add_parameters(params, c);
  return c;
}

// RMSNorm + SwiGLU, no biases, learned positions, untied head, LoRA (rank 2, alpha 4) on the
// query and value projections of both blocks.
Case gpt_case() {
  const int batch = 2, length = 5;
  nn::Rng rng(4);
  nn::ParameterSet<double> params;
  nn::Gpt<double> gpt(params,
                      {.vocab = 9,
                       .context = 6,
                       .dim = 8,
                       .heads = 2,
                       .layers = 2,
                       .hidden = 12,
                       .norm = nn::NormKind::rms,
                       .mlp = nn::MlpKind::swiglu,
                       .bias = false},
                      rng);
  for (int l = 0; l < 2; ++l) {
    for (const char* p : {".attn.q", ".attn.v"}) {
      gpt.projection("block" + std::to_string(l) + p).use_lora(params, 2, 4.0, rng);
    }
  }
  perturb(params, rng, 0.3);  // LoRA's B off zero, gains off one
  const std::vector<int> tokens = {1, 4, 2, 8, 0, 3, 3, 7, 5, 6};
  const std::vector<int> targets = {4, 2, 8, 0, 3, 3, 7, 5, 6, 1};
  Case c;
  c.inputs["tokens"] = as_row(tokens);
  c.inputs["targets"] = as_row(targets);
  c.inputs["shape"] = (MatD(1, 3) << batch, length, 2).finished();  // batch, length, heads
  nn::Tape<double> tape;
  const auto loss = gpt.loss(tape, tokens, targets, batch);
  tape.backward(loss);
  c.loss = loss.item();
  add_parameters(params, c);
  return c;
}

// Every vision op in one chain: conv, relu, max pool, strided conv, group norm, nearest and
// bilinear upsampling, average pool, transposed conv and pixel shuffle; MSE loss.
Case cnn_case() {
  nn::Rng rng(5);
  nn::ParameterSet<double> params;
  const nn::Conv2d<double> conv1(params, "conv1", 1, 4, 3, rng, 1, 1);
  const nn::Conv2d<double> conv2(params, "conv2", 4, 8, 3, rng, 2, 1);
  const nn::GroupNorm<double> norm(params, "gn", 2, 8);
  const nn::ConvTranspose2d<double> up(params, "up", 8, 4, 3, rng, 2, 1, 1);
  perturb(params, rng, 0.1);
  Case c;
  c.inputs["x"] = randn(2, 64, rng);
  c.inputs["target"] = randn(2, 256, rng);
  nn::Tape<double> tape;
  const nn::ImageShape in{1, 8, 8};
  auto x = nn::max_pool2d(nn::relu(conv1(tape.constant(c.inputs["x"]), in)), {4, 8, 8}, 2, 2);
  x = norm(conv2(x, {4, 4, 4}), {8, 2, 2});
  x = nn::upsample_nearest(x, {8, 2, 2}, 2);
  x = nn::avg_pool2d(nn::upsample_bilinear(x, {8, 4, 4}, 2), {8, 8, 8}, 2, 2);
  x = nn::pixel_shuffle(up(x, {8, 4, 4}), {4, 8, 8}, 2);
  const auto loss = nn::mse(x, c.inputs["target"]);
  tape.backward(loss);
  c.loss = loss.item();
  add_parameters(params, c);
  return c;
}

bool python_has_torch() {
  return std::system("/usr/bin/python3 -c 'import torch' > /dev/null 2>&1") == 0;
}

}  // namespace

TEST_CASE(
    "an MLP, a GRU, a transformer block, a LoRA GPT and a CNN match PyTorch's loss and "
    "gradients",
    "[nn][torch]") {
  if (!python_has_torch()) {
    ASSAY_SKIP("/usr/bin/python3 has no torch (apt-get install python3-torch)");
  }
  const std::filesystem::path dir =
      std::filesystem::path(ASSAY_BUILD_DIR) / "tests" / "nn" / "torch_crosscheck";
  std::filesystem::create_directories(dir);
  const std::map<std::string, Case> cases = {{"mlp", mlp_case()},
                                             {"gru", gru_case()},
                                             {"transformer_block", transformer_block_case()},
                                             {"gpt", gpt_case()},
                                             {"cnn", cnn_case()}};
  for (const auto& [name, c] : cases) write(dir / (name + ".in"), c.inputs);
  const std::string script = std::string(ASSAY_SOURCE_DIR) + "/tests/nn/torch_crosscheck.py";
  const std::string command = "/usr/bin/python3 '" + script + "' '" + dir.string() + "'";
  REQUIRE(std::system(command.c_str()) == 0);
  for (const auto& [name, c] : cases) {
    INFO(name);
    const Tensors theirs = read(dir / (name + ".out"));
    REQUIRE(theirs.count("loss") == 1);
    CHECK(theirs.at("loss")(0, 0) == Approx(c.loss).epsilon(1e-10));
    for (const auto& [param, grad] : c.grads) {
      INFO(param);
      REQUIRE(theirs.count(param) == 1);
      const MatD& g = theirs.at(param);
      REQUIRE(g.size() == grad.size());
      const MatD ours = Eigen::Map<const MatD>(grad.data(), g.rows(), g.cols());
      // float64 with different operation orders: rounding ~1e-15 relative; 1e-9 is generous.
      CHECK((ours - g).cwiseAbs().maxCoeff() <= 1e-9 * (1 + g.cwiseAbs().maxCoeff()));
    }
  }
}
