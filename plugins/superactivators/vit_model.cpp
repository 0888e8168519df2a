#include "vit_model.hpp"

#include <assay/nn/ops.hpp>
#include <stdexcept>
#include <string>

namespace assay::superactivators {
namespace {

nn::GptConfig gpt_of(const VitShape& s) {
  return {.vocab = 1,
          .context = s.tokens(),
          .dim = s.dim,
          .heads = s.heads,
          .layers = s.layers,
          .norm = nn::NormKind::layer,
          .mlp = nn::MlpKind::gelu,
          .bias = true,
          .learned_positions = true,
          .causal = false};
}

VitShape shape_of(const nn::ModelConfig& c) {
  const auto g = nn::gpt_config(c);
  return {.size = static_cast<int>(nn::config_int(c, "vit_size")),
          .patch = static_cast<int>(nn::config_int(c, "vit_patch")),
          .dim = static_cast<int>(g.dim),
          .layers = static_cast<int>(g.layers),
          .heads = static_cast<int>(g.heads),
          .classes = static_cast<int>(nn::config_int(c, "vit_classes"))};
}

// (batch x batch*tokens) averaging each image's tokens.
Matrix mean_pool(Index batch, Index tokens) {
  Matrix p = Matrix::Zero(batch, batch * tokens);
  for (Index b = 0; b < batch; ++b) p.block(b, b * tokens, 1, tokens).setConstant(1.0f / tokens);
  return p;
}

}  // namespace

Matrix patchify(const std::vector<double>& images, int count, int size, int patch) {
  if (size % patch != 0 || images.size() != static_cast<std::size_t>(count) * size * size * 3)
    throw std::invalid_argument("images: expected " + std::to_string(count) + " x " +
                                std::to_string(size) + " x " + std::to_string(size) +
                                " x 3 with patch " + std::to_string(patch) + " dividing the side");
  const int side = size / patch, tokens = side * side;
  Matrix out(static_cast<Index>(count) * tokens, patch * patch * 3);
  for (int n = 0; n < count; ++n)
    for (int py = 0; py < size; ++py)
      for (int px = 0; px < size; ++px)
        for (int c = 0; c < 3; ++c) {
          const auto row = static_cast<Index>(n) * tokens + (py / patch) * side + px / patch;
          const auto col = ((py % patch) * patch + px % patch) * 3 + c;
          out(row, col) = static_cast<float>(
              images[((static_cast<std::size_t>(n) * size + py) * size + px) * 3 + c]);
        }
  return out;
}

Vit::Vit(VitShape shape, nn::Rng& rng)
    : shape_(shape), params_(std::make_unique<nn::ParameterSet<float>>()) {
  if (shape.size % shape.patch != 0 || shape.dim % shape.heads != 0)
    throw std::invalid_argument("vit: patch must divide size and heads must divide dim");
  embed_ =
      nn::Linear<float>(*params_, "patch_embed", shape.patch * shape.patch * 3, shape.dim, rng);
  gpt_ = std::make_unique<nn::Gpt<float>>(*params_, gpt_of(shape), rng);
  classify_ = nn::Linear<float>(*params_, "classify", shape.dim, shape.classes, rng);
}

Vit::Vit(const nn::Checkpoint<float>& checkpoint)
    : Vit([&] {
        nn::Rng rng(0);
        return Vit(shape_of(checkpoint.config), rng);
      }()) {
  nn::load_checkpoint(checkpoint, *params_);
}

Vit::Vit(Vit&&) noexcept = default;
Vit::~Vit() = default;

nn::Checkpoint<float> Vit::checkpoint() const {
  auto config = nn::to_config(gpt_of(shape_));
  config.push_back({"vit_size", std::int64_t{shape_.size}});
  config.push_back({"vit_patch", std::int64_t{shape_.patch}});
  config.push_back({"vit_classes", std::int64_t{shape_.classes}});
  return nn::make_checkpoint(*params_, std::move(config));
}

nn::Var<float> Vit::logits(nn::Tape<float>& tape, const Matrix& patches, Index batch) const {
  const auto hidden = gpt_->transform(embed_(tape.constant(patches)), batch);
  return classify_(nn::matmul(tape.constant(mean_pool(batch, shape_.tokens())), hidden));
}

TokenStates Vit::states(const Matrix& patches, Index count, const std::vector<HeadId>& ablated,
                        Index chunk) const {
  const Index tokens = shape_.tokens(), width = shape_.dim / shape_.heads;
  TokenStates out;
  out.layers.assign(shape_.layers + 1, Matrix(count * tokens, shape_.dim));
  out.writes.assign(shape_.layers,
                    std::vector<Matrix>(shape_.heads, Matrix(count * tokens, shape_.dim)));
  out.logits.resize(count, shape_.classes);
  for (Index start = 0; start < count; start += chunk) {
    const Index n = std::min(chunk, count - start), row = start * tokens;
    nn::Tape<float> tape;
    tape.set_grad_enabled(false);
    tape.set_hook(
        "embed", [&](std::string_view, Matrix& v) { out.layers[0].middleRows(row, v.rows()) = v; });
    for (int l = 0; l < shape_.layers; ++l) {
      const std::string block = "block" + std::to_string(l);
      tape.set_hook(block + ".out", [&out, l, row](std::string_view, Matrix& v) {
        out.layers[l + 1].middleRows(row, v.rows()) = v;
      });
      const Matrix& w_o = (*params_)[block + ".attn.o.weight"].value;
      tape.set_hook(block + ".attn.heads", [&, l, w_o](std::string_view, Matrix& v) {
        for (const auto& [al, ah] : ablated)
          if (al == l) v.middleCols(ah * width, width).setZero();
        for (int h = 0; h < shape_.heads; ++h)
          out.writes[l][h].middleRows(row, v.rows()) =
              v.middleCols(h * width, width) * w_o.middleCols(h * width, width).transpose();
      });
    }
    out.logits.middleRows(start, n) = logits(tape, patches.middleRows(row, n * tokens), n).value();
  }
  return out;
}

}  // namespace assay::superactivators
