#include "lm_training.hpp"

#include <algorithm>
#include <assay/nn/optim.hpp>
#include <assay/nn/schedule.hpp>
#include <assay/nn/tape.hpp>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "lm_model.hpp"

namespace assay::stdlib {

namespace {

std::int64_t largest_id(const std::vector<std::int64_t>& tokens,
                        const std::optional<std::vector<std::int64_t>>& validation) {
  std::int64_t largest = -1;
  for (auto t : tokens) largest = std::max(largest, t);
  if (validation)
    for (auto t : *validation) largest = std::max(largest, t);
  return largest;
}

std::unique_ptr<LanguageModel> starting_model(const LmTrainOptions& o,
                                              const std::vector<std::int64_t>& tokens,
                                              const std::optional<std::vector<std::int64_t>>& val,
                                              const std::optional<nn::Checkpoint<float>>& init,
                                              nn::Rng& rng) {
  if (init) return std::make_unique<LanguageModel>(*init, "init");
  nn::GptConfig config = o.model;
  if (config.vocab == 0) config.vocab = largest_id(tokens, val) + 1;
  if (config.dim % config.heads != 0)
    throw std::invalid_argument("heads: " + std::to_string(config.heads) + " does not divide dim " +
                                std::to_string(config.dim));
  return std::make_unique<LanguageModel>(config, rng);
}

std::int64_t setting_or(const nn::ModelConfig& settings, const char* name, std::int64_t fallback) {
  for (const auto& e : settings)
    if (e.name == name) return nn::config_int(settings, name);
  return fallback;
}

// Where the run starts: the steps and tokens done before it and the batch stream's seed.
struct Resume {
  long first_step = 0;
  std::int64_t tokens_seen = 0;
  std::uint64_t batch_seed = 0;
};

Resume resume_point(const std::optional<nn::Checkpoint<float>>& init, nn::Rng& rng) {
  const auto fresh_seed = static_cast<std::int64_t>(rng() >> 1);
  if (!init) return {0, 0, static_cast<std::uint64_t>(fresh_seed)};
  const long optimizer_steps = init->optimizer ? init->optimizer->steps : 0;
  return {static_cast<long>(setting_or(init->training, steps_setting, optimizer_steps)),
          setting_or(init->training, tokens_seen_setting, 0),
          static_cast<std::uint64_t>(setting_or(init->training, batch_seed_setting, fresh_seed))};
}

}  // namespace

double mean_window_loss(const nn::Gpt<float>& gpt, const nn::TokenBatches& windows, long batches) {
  const long available = (windows.windows() + windows.batch() - 1) / windows.batch();
  const long n = std::min(batches, available);
  nn::Tape<float> tape;
  double sum = 0;
  for (long b = 0; b < n; ++b) {
    const nn::TokenBatch batch = windows.contiguous(b);
    tape.clear();
    sum += gpt.loss(tape, batch.inputs, batch.targets, windows.batch()).item();
  }
  return sum / static_cast<double>(n);
}

LmTrainResult train_lm(const LmTrainOptions& o, const std::vector<std::int64_t>& tokens,
                       const std::optional<std::vector<std::int64_t>>& validation,
                       const std::optional<nn::Checkpoint<float>>& init, std::uint64_t seed,
                       const LmTrainEvents& events) {
  nn::Rng rng(seed);
  const auto model = starting_model(o, tokens, validation, init, rng);
  const Resume resume = resume_point(init, rng);
  const nn::GptConfig& config = model->config();
  const nn::TokenBatches batches(checked_tokens(tokens, config.vocab, "tokens"), config.context,
                                 o.batch, resume.batch_seed);
  std::optional<nn::TokenBatches> held_out;
  if (validation)
    held_out.emplace(checked_tokens(*validation, config.vocab, "validation"), config.context,
                     o.batch, 0);

  nn::Adam<float> adam(model->params(),
                       {.lr = o.lr, .beta1 = o.beta1, .beta2 = o.beta2, .weight_decay = 0});
  adam.set_groups(nn::decay_matrices_only<float>(o.weight_decay));
  if (init && init->optimizer) adam.load_state(*init->optimizer);

  const long last_step = resume.first_step + o.steps;
  const long schedule_steps = o.schedule_steps.value_or(last_step);
  nn::Tape<float> tape;
  // The step and the mean training loss since the last evaluation, for the evaluation event.
  long current = resume.first_step;
  double since_sum = 0;
  long since_steps = 0;
  const auto train_step = [&](long step) {
    current = step;
    const nn::TokenBatch b = batches.random(step);
    tape.clear();
    adam.zero_grad();
    const auto loss = model->gpt().loss(tape, b.inputs, b.targets, o.batch);
    tape.backward(loss);
    if (o.clip > 0) nn::clip_grad_norm(model->params(), static_cast<float>(o.clip));
    adam.set_lr(
        static_cast<float>(nn::warmup_cosine(step, o.warmup, schedule_steps, o.lr, o.min_lr)));
    adam.step();
    if (events.progress)
      events.progress(static_cast<double>(step - resume.first_step) / static_cast<double>(o.steps));
    since_sum += loss.item();
    ++since_steps;
    return static_cast<double>(loss.item());
  };
  LmTrainResult out;
  out.losses = nn::train_loop(
      {.first_step = resume.first_step, .steps = o.steps, .eval_every = o.eval_every}, train_step,
      [&] {
        const double eval_loss =
            held_out ? mean_window_loss(model->gpt(), *held_out, o.eval_batches) : std::nan("");
        if (events.evaluated)
          events.evaluated(current, since_sum / static_cast<double>(since_steps), eval_loss);
        since_sum = 0;
        since_steps = 0;
        return eval_loss;
      });
  out.tokens_seen = resume.tokens_seen + o.steps * o.batch * config.context;
  out.model = nn::make_checkpoint(model->params(), nn::to_config(config), &adam);
  out.model.training = {{batch_seed_setting, static_cast<std::int64_t>(resume.batch_seed)},
                        {steps_setting, static_cast<std::int64_t>(last_step)},
                        {tokens_seen_setting, out.tokens_seen}};
  return out;
}

}  // namespace assay::stdlib
