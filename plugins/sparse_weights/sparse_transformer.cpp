#include "sparse_transformer.hpp"

#include <assay/nn/ops.hpp>
#include <assay/nn/optim.hpp>
#include <assay/nn/schedule.hpp>
#include <assay/nn/tape.hpp>
#include <cmath>
#include <stdexcept>

namespace assay::sparse_weights {

std::string kind_name(ModelKind kind) {
  switch (kind) {
    case ModelKind::sparse:
      return "sparse";
    case ModelKind::dense:
      return "dense";
    case ModelKind::dense_matched:
      return "dense_matched";
  }
  return "?";
}

namespace {

nn::GptConfig config_of_width(const ShapeOptions& shape, int dim) {
  nn::GptConfig c;
  c.vocab = kVocab;
  c.context = shape.context;
  c.dim = dim;
  c.heads = dim / shape.head_size;
  c.layers = shape.layers;
  c.norm = nn::NormKind::rms;
  c.mlp = nn::MlpKind::gelu;
  c.bias = false;
  c.bigram = true;
  return c;
}

void require_shape(const ShapeOptions& shape) {
  if (shape.dim % shape.head_size != 0)
    throw std::invalid_argument("dim: " + std::to_string(shape.dim) +
                                " is not a multiple of head_size " +
                                std::to_string(shape.head_size));
}

}  // namespace

nn::Index matrix_weight_count(const nn::GptConfig& c) {
  const nn::Index hidden = c.hidden > 0 ? c.hidden : 4 * c.dim;
  const nn::Index embeddings = 2 * c.vocab * c.dim + (c.learned_positions ? c.context * c.dim : 0);
  return embeddings + c.layers * (4 * c.dim * c.dim + 2 * c.dim * hidden);
}

nn::GptConfig model_config(ModelKind kind, const ShapeOptions& shape, double nonzero_fraction) {
  require_shape(shape);
  if (kind != ModelKind::dense_matched) return config_of_width(shape, shape.dim);
  const double target = nonzero_fraction * matrix_weight_count(config_of_width(shape, shape.dim));
  int best = shape.head_size;
  for (int d = shape.head_size; d <= shape.dim; d += shape.head_size) {
    const auto gap = [&](int w) {
      return std::abs(matrix_weight_count(config_of_width(shape, w)) - target);
    };
    if (gap(d) < gap(best)) best = d;
  }
  return config_of_width(shape, best);
}

std::unique_ptr<Network> build_network(const nn::GptConfig& config, double topk_fraction,
                                       nn::Rng& rng) {
  auto net = std::make_unique<Network>(config, rng);
  const nn::Index hidden = config.hidden > 0 ? config.hidden : 4 * config.dim;
  const auto k = [&](nn::Index width) {
    return std::max<nn::Index>(1, static_cast<nn::Index>(std::lround(topk_fraction * width)));
  };
  for (nn::Index i = 0; i < config.layers; ++i) {
    const std::string b = "block" + std::to_string(i) + ".";
    for (const char* site : {"attn_in", "attn.heads", "attn_out", "mlp_in", "mlp_out"})
      net->gpt.set_topk(b + site, k(config.dim));
    net->gpt.set_topk(b + "mlp_hidden", k(hidden));
  }
  return net;
}

std::unique_ptr<Network> load_network(const nn::Checkpoint<float>& checkpoint) {
  nn::Rng rng(0);  // the initial values are overwritten by the checkpoint's
  auto net = build_network(nn::gpt_config(checkpoint.config),
                           nn::config_real(checkpoint.config, "topk_fraction"), rng);
  nn::load_checkpoint(checkpoint, net->params);
  return net;
}

double mean_loss(const Network& net, const std::vector<TokenWindow>& windows) {
  nn::Tape<float> tape;
  nn::NoGradScope<float> no_grad(tape);
  double total = 0;
  for (const auto& w : windows) {
    tape.clear();
    total += net.gpt.loss(tape, w.inputs, w.targets, 1).item();
  }
  return windows.empty() ? 0 : total / static_cast<double>(windows.size());
}

namespace {

void count_nonzero(const nn::ParameterSet<float>& params, TrainedModel& out) {
  for (std::size_t i = 0; i < params.size(); ++i) {
    const auto& p = params.at(i);
    if (!is_sparsified(p)) continue;
    out.matrix_weights += p.value.size();
    out.nonzero += (p.value.array() != 0).count();
  }
}

}  // namespace

TrainedModel train_sparse_transformer(ModelKind kind, const ShapeOptions& shape,
                                      const SparsityOptions& sparsity, const TrainOptions& train,
                                      const CodeCorpus& train_corpus,
                                      const CodeCorpus& validation_corpus, nn::Rng& init_rng,
                                      std::uint64_t data_seed, const Progress& progress) {
  TrainedModel out;
  out.kind = kind;
  const auto config = model_config(kind, shape, sparsity.nonzero_fraction);
  out.width = config.dim;
  auto net = build_network(config, shape.topk_fraction, init_rng);
  nn::Adam<float> adam(net->params, {.lr = train.lr, .beta1 = 0.9, .beta2 = 0.95, .eps = 0.1});
  double fraction = 1;
  if (kind == ModelKind::sparse)
    adam.set_projection([&](nn::Parameter<float>& p) {
      if (!is_sparsified(p)) return;
      const auto k = static_cast<nn::Index>(std::lround(fraction * p.value.size()));
      keep_top_k_per_matrix(p.value, k, sparsity.min_live);
    });
  const nn::TokenBatches batches(train_corpus.tokens, shape.context, train.batch, data_seed);
  const auto eval = spread_windows(validation_corpus, train.eval_windows, shape.context);
  const long warmup = std::lround(train.warmup_fraction * train.steps);
  nn::Tape<float> tape;
  const auto step = [&](long s) {
    tape.clear();
    adam.zero_grad();
    const auto batch = batches.random(s);
    auto loss = net->gpt.loss(tape, batch.inputs, batch.targets, train.batch);
    tape.backward(loss);
    nn::scale_grad_by_rms(net->params);
    adam.set_lr(static_cast<float>(nn::warmup_linear(s, warmup, train.steps, train.lr)));
    fraction = nonzero_fraction_at(s, train.steps, sparsity);
    adam.step();
    if (progress && s % 20 == 0) progress(static_cast<double>(s) / train.steps);
    return static_cast<double>(loss.item());
  };
  out.history = nn::train_loop({0, train.steps, train.eval_every}, step,
                               [&] { return mean_loss(*net, eval); });
  out.eval_loss = out.history.eval_loss.back();
  auto settings = nn::to_config(config);
  settings.push_back({"kind", kind_name(kind)});
  settings.push_back({"topk_fraction", shape.topk_fraction});
  out.checkpoint = nn::make_checkpoint(net->params, std::move(settings));
  count_nonzero(net->params, out);
  return out;
}

}  // namespace assay::sparse_weights
