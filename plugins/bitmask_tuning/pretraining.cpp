#include "pretraining.hpp"

#include <assay/nn/optim.hpp>
#include <assay/nn/schedule.hpp>

#include "scoring.hpp"

namespace assay::bitmask_tuning {

namespace {
constexpr int kEvalWindows = 64;
}

PretrainResult pretrain(const std::vector<int>& stream, const std::vector<int>& eval_tokens,
                        const PretrainOptions& options, nn::Rng& rng,
                        const std::function<void(double)>& progress) {
  const auto config = gpt_config_of(options.model);
  nn::ParameterSet<float> params;
  nn::Gpt<float> gpt(params, config, rng);
  nn::Adam<float> adam(params, {.lr = options.lr});
  adam.set_groups(nn::decay_matrices_only<float>(options.weight_decay));
  const nn::TokenBatches batches(stream, config.context, options.batch, rng());
  nn::Tape<float> tape;
  const auto step = [&](long s) {
    adam.set_lr(static_cast<float>(
        nn::warmup_cosine(s, options.warmup, options.steps, options.lr, 0.1 * options.lr)));
    const auto b = batches.random(s);
    tape.clear();
    adam.zero_grad();
    const auto loss = gpt.loss(tape, b.inputs, b.targets, options.batch);
    tape.backward(loss);
    nn::clip_grad_norm(params, 1.0f);
    adam.step();
    if (progress) progress(static_cast<double>(s) / options.steps);
    return static_cast<double>(loss.item());
  };
  const auto evaluate = [&] { return text_loss(gpt, eval_tokens, kEvalWindows); };
  auto losses =
      nn::train_loop({.steps = options.steps, .eval_every = options.eval_every}, step, evaluate);
  return {{config, nn::export_arrays(params)}, std::move(losses)};
}

}  // namespace assay::bitmask_tuning
