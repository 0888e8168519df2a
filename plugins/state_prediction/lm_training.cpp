#include "lm_training.hpp"

#include <assay/nn/ops.hpp>
#include <assay/nn/optim.hpp>
#include <assay/nn/schedule.hpp>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>

namespace assay::state_prediction {
namespace {

constexpr double kFloorFraction = 0.1;  // the cosine ends at a tenth of the peak rate

double bits(double nats) { return nats / std::numbers::ln2; }

void require_options(const TrainOptions& o) {
  auto fail = [](const std::string& what) { throw std::invalid_argument(what); };
  if (o.steps < 0) fail("steps: " + std::to_string(o.steps) + " must be >= 0");
  if (o.batch < 1) fail("batch: " + std::to_string(o.batch) + " must be >= 1");
  if (o.eval_batches < 1) fail("eval_batches: " + std::to_string(o.eval_batches) + " must be >= 1");
}

}  // namespace

Trainer::Trainer(InterleavedLm& model, const TrainOptions& options)
    : model_(model),
      options_(options),
      adam_(model.params(), {.lr = options.lr, .weight_decay = options.weight_decay}) {
  require_options(options);
  adam_.set_groups(nn::decay_matrices_only<float>(options.weight_decay));
}

double Trainer::step(long s, const nn::TokenBatch& batch) {
  adam_.set_lr(static_cast<float>(nn::warmup_cosine(s - 1, options_.warmup, options_.steps,
                                                    options_.lr, kFloorFraction * options_.lr)));
  tape_.clear();
  adam_.zero_grad();
  const nn::Var<float> loss = model_.loss(tape_, batch.inputs, batch.targets, options_.batch);
  tape_.backward(loss);
  nn::clip_grad_norm(model_.params(), static_cast<float>(options_.clip));
  adam_.step();
  return loss.item();
}

double validation_bits(const InterleavedLm& model, const nn::TokenBatches& windows, long batches) {
  nn::Tape<float> tape;
  nn::NoGradScope<float> no_grad(tape);
  double sum = 0;
  for (long i = 0; i < batches; ++i) {
    const nn::TokenBatch b = windows.contiguous(i);
    sum += model.loss(tape, b.inputs, b.targets, windows.batch()).item();
    tape.clear();
  }
  return bits(sum / static_cast<double>(batches));
}

TrainResult train_lm(InterleavedLm& model, const std::vector<int>& train,
                     const std::vector<int>& validation, const TrainOptions& options,
                     std::uint64_t seed, const std::function<void(const CurveRow&)>& on_row) {
  Trainer trainer(model, options);  // checks the options first
  const nn::Index t = model.layout().window();
  const nn::TokenBatches batches(train, t, options.batch, seed);
  const nn::TokenBatches held_out(validation, t, options.batch, seed);
  TrainResult result{{}, measure_step_flops(model, options.batch), model.params().count()};
  const double characters_per_step = static_cast<double>(options.batch * t);
  long last_step = 0;
  double loss_sum = 0;
  auto add_row = [&] {
    const long since = result.curve.empty() ? 0 : last_step - result.curve.back().step;
    CurveRow row{last_step, static_cast<double>(last_step) * characters_per_step,
                 static_cast<double>(last_step) * result.step_flops.step(),
                 since > 0 ? bits(loss_sum / static_cast<double>(since))
                           : std::numeric_limits<double>::quiet_NaN(),
                 validation_bits(model, held_out, options.eval_batches)};
    loss_sum = 0;
    result.curve.push_back(row);
    if (on_row) on_row(row);
    return row.validation_bits;
  };
  add_row();

  auto step = [&](long s) {
    const double loss = trainer.step(s, batches.random(s));
    last_step = s;
    loss_sum += loss;
    return loss;
  };
  if (options.steps > 0) nn::train_loop({0, options.steps, options.eval_every}, step, add_row);
  return result;
}

}  // namespace assay::state_prediction
