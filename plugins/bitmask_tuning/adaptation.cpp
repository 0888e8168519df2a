#include "adaptation.hpp"

#include <assay/nn/ops.hpp>
#include <assay/nn/optim.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "bit_mask.hpp"
#include "char_codec.hpp"
#include "deletion_controls.hpp"
#include "scoring.hpp"

namespace assay::bitmask_tuning {

namespace {

// A projection's effective weight, whatever replaced its plain layer: its image of the
// identity, transposed (the models' projections have no bias).
nn::Matrix effective_weight(nn::Gpt<float>& gpt, const std::string& name) {
  auto& projection = gpt.projection(name);
  nn::Tape<float> tape;
  nn::NoGradScope<float> no_grad(tape);
  const auto in = projection.base().in();
  return projection(tape.constant(nn::Matrix::Identity(in, in))).value().transpose();
}

nn::Matrix stacked_gates(nn::Gpt<float>& gpt, const std::vector<std::string>& gates) {
  std::vector<nn::Matrix> parts;
  nn::Index rows = 0;
  for (const auto& g : gates) {
    parts.push_back(effective_weight(gpt, g));
    rows += parts.back().rows();
  }
  nn::Matrix out(rows, parts.front().cols());
  nn::Index r = 0;
  for (const auto& p : parts) {
    out.middleRows(r, p.rows()) = p;
    r += p.rows();
  }
  return out;
}

struct Trainer {
  double lr = 0;  // 0: the arm does not train
  nn::Index adapter_bits = 0;
  std::function<void()> after_step;
};

std::vector<const nn::Matrix*> gate_weights(nn::Gpt<float>& gpt,
                                            const std::vector<std::string>& gates) {
  std::vector<const nn::Matrix*> out;
  for (const auto& g : gates) out.push_back(&gpt.projection(g).base().weight().value);
  return out;
}

void apply_masks(nn::Gpt<float>& gpt, const std::vector<std::string>& gates,
                 const std::vector<nn::Matrix>& masks) {
  for (std::size_t i = 0; i < gates.size(); ++i) gpt.projection(gates[i]).use_mask() = masks[i];
}

// Puts the arm's adapter in place and says how it trains.
Trainer prepare(Model& model, const std::vector<std::string>& gates, const AdaptOptions& o,
                nn::Index budget, nn::Index gate_count, nn::Rng& rng) {
  auto& gpt = model.gpt;
  switch (o.arm) {
    case Arm::full:
      return {o.lr, 32 * model.params.count(), {}};
    case Arm::lora: {
      model.params.freeze("");
      nn::Index lora_weights = 0;
      for (const auto& g : gates) {
        auto& lora = gpt.projection(g).use_lora(model.params, o.lora_rank,
                                                static_cast<float>(o.lora_alpha), rng);
        lora_weights += lora.a().value.size() + lora.b().value.size();
      }
      return {o.lr, 32 * lora_weights, {}};
    }
    case Arm::bit_mask: {
      auto scores = install_bit_mask(gpt, model.params, static_cast<float>(o.score_init));
      std::vector<nn::Matrix*> values;
      for (auto* s : scores) values.push_back(&s->value);
      // Excess deletions go back to just above the threshold, as the projection's limit.
      const float floor = static_cast<float>(o.score_init) * 1e-3f;
      return {o.score_lr, gate_count,
              [values, budget, floor] { project_deletion_budget(values, budget, floor); }};
    }
    case Arm::random_deletion:
      apply_masks(gpt, gates, random_deletion(gate_weights(gpt, gates), budget, rng));
      return {0, gate_count, {}};
    case Arm::magnitude_deletion:
      apply_masks(gpt, gates, magnitude_deletion(gate_weights(gpt, gates), budget));
      return {0, gate_count, {}};
  }
  throw std::invalid_argument("arm: unknown");
}

long newly_zeroed(const nn::Matrix& base, const nn::Matrix& now) {
  return static_cast<long>(((now.array() == 0) && (base.array() != 0)).count());
}

std::vector<Problem> sample_batch(const std::vector<Problem>& pool, int batch, nn::Rng& rng) {
  std::vector<Problem> out;
  const auto n = static_cast<double>(pool.size());
  for (int i = 0; i < batch; ++i)
    out.push_back(
        pool[std::min(pool.size() - 1, static_cast<std::size_t>(nn::uniform01(rng) * n))]);
  return out;
}

}  // namespace

AdaptResult adapt(const Pretrained& pretrained, const std::vector<Problem>& b_train,
                  const Evaluation& evaluation, const AdaptOptions& options, nn::Rng& rng,
                  const std::function<void(double)>& progress) {
  if (b_train.empty()) throw std::invalid_argument("b_train: no problems");
  Model model(pretrained);
  const auto gates = gate_names(model.gpt.config());
  AdaptResult out;
  out.model_weights = model.params.count();
  out.gate_base = stacked_gates(model.gpt, gates);
  out.gate_weights = out.gate_base.size();
  const auto row = [&](long step, double train_loss) {
    const auto gates_now = stacked_gates(model.gpt, gates);
    return EvalRow{step,
                   train_loss,
                   exact_match(model.gpt, evaluation.b_problems),
                   answer_loss(model.gpt, evaluation.b_problems),
                   exact_match(model.gpt, evaluation.a_problems),
                   text_loss(model.gpt, evaluation.a_text, evaluation.text_windows),
                   newly_zeroed(out.gate_base, gates_now)};
  };
  out.history.push_back(row(0, std::numeric_limits<double>::quiet_NaN()));
  const auto trainer = prepare(
      model, gates, options, deletion_budget(options.rho, out.gate_weights), out.gate_weights, rng);
  out.adapter_bits = trainer.adapter_bits;
  if (trainer.lr == 0) {
    out.history.push_back(row(0, std::numeric_limits<double>::quiet_NaN()));
  } else {
    nn::Adam<float> adam(model.params, {.lr = trainer.lr});
    nn::Tape<float> tape;
    double loss_sum = 0;
    int since = 0;
    for (long s = 1; s <= options.steps; ++s) {
      const auto batch = sft_batch(sample_batch(b_train, options.batch, rng));
      tape.clear();
      adam.zero_grad();
      const auto loss = model.gpt.loss(tape, batch.inputs, batch.targets, batch.rows);
      tape.backward(loss);
      adam.step();
      if (trainer.after_step) trainer.after_step();
      loss_sum += loss.item();
      ++since;
      if ((options.eval_every > 0 && s % options.eval_every == 0) || s == options.steps) {
        out.history.push_back(row(s, loss_sum / since));
        loss_sum = 0;
        since = 0;
      }
      if (progress) progress(static_cast<double>(s) / options.steps);
    }
  }
  out.gate_delta = stacked_gates(model.gpt, gates) - out.gate_base;
  return out;
}

}  // namespace assay::bitmask_tuning
