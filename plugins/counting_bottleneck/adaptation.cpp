#include "adaptation.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

namespace assay::counting_bottleneck {
namespace {

constexpr const char* kArmNames[] = {"probe", "random", "digit_rows", "qv"};

// Freezes the whole model, then opens what the arm trains; returns the scalars it can change.
long open_arm(CountingModel& m, const Eigen::MatrixXd& directions, const AdaptOptions& o,
              Rng& rng) {
  m.params.freeze("");
  const auto alpha = static_cast<float>(o.rank);  // scale alpha / rank = 1
  const nn::Index dim = m.gpt->config().dim;
  switch (o.arm) {
    case Arm::digit_rows:
      m.params["head.weight"].frozen = false;
      return 10 * dim;
    case Arm::qv:
      for (nn::Index l = 0; l < m.gpt->config().layers; ++l)
        for (const char* p : {".attn.q", ".attn.v"})
          m.gpt->projection("block" + std::to_string(l) + p).use_lora(m.params, o.rank, alpha, rng);
      return 2 * m.gpt->config().layers * o.rank * 2 * dim;
    case Arm::probe:
    case Arm::random: {
      auto& lora = m.gpt->projection("head").use_lora(m.params, o.rank, alpha, rng);
      if (o.arm == Arm::probe) {
        if (directions.rows() != dim || directions.cols() < o.rank)
          throw std::invalid_argument("rank: " + std::to_string(o.rank) +
                                      " exceeds the probe directions given (" +
                                      std::to_string(directions.cols()) + ")");
        // Same row norm as the random init's expectation, sqrt(in * bound^2 / 3) = 1/sqrt(3).
        lora.a().value = (directions.leftCols(o.rank).transpose() / std::sqrt(3.0)).cast<float>();
      }
      return o.rank * (dim + m.gpt->config().vocab);
    }
  }
  throw std::logic_error("arm");
}

// The answer digit is the only target of an explicit item.
nn::TokenBatch answer_batch(const std::vector<Sequence>& items) {
  nn::TokenBatch b = sequence_batch(token_rows(items));
  const std::size_t t = kSequenceLength - 1;
  for (std::size_t i = 0; i < b.targets.size(); ++i)
    if (i % t != kArrowPosition) b.targets[i] = -1;
  return b;
}

// The mean loss on the held-out sequences of a source (all of them when `only` is empty).
double source_loss(const CountingModel& m, const std::vector<Sequence>& other,
                   std::optional<Source> only) {
  std::vector<std::vector<int>> rows;
  for (const auto& s : other)
    if (!only || s.source == *only) rows.push_back(s.tokens);
  return rows.empty() ? std::numeric_limits<double>::quiet_NaN() : mean_loss(m, rows);
}

const std::optional<Source> kLossSets[] = {std::nullopt, Source::words, Source::digits};

}  // namespace

Arm arm_of(const std::string& name) {
  for (int i = 0; i < 4; ++i)
    if (name == kArmNames[i]) return static_cast<Arm>(i);
  throw std::invalid_argument("arm: '" + name + "' is not probe, random, digit_rows or qv");
}

const char* arm_name(Arm arm) { return kArmNames[static_cast<int>(arm)]; }

AdaptData adapt_data(int train_per_count, int test_per_count, int other, Rng& rng) {
  AdaptData d{explicit_items(train_per_count, rng), explicit_items(test_per_count, rng), {}};
  for (int i = 0; i < other; ++i) d.other.push_back(draw_sequence({.explicit_frequency = 0}, rng));
  return d;
}

CountingModel clone(const CountingModel& model) { return model_of(checkpoint_of(model), "model"); }

AdaptResult adapt(CountingModel& m, const Eigen::MatrixXd& directions, const AdaptData& data,
                  const AdaptOptions& o, Rng& rng) {
  if (data.train.empty() || data.test.empty() || data.other.empty())
    throw std::invalid_argument("items: the train, test and other sets must not be empty");
  AdaptResult r;
  r.model_parameters = m.params.count();
  r.before = answer_accuracy(m, data.test);
  LossChange* changes[] = {&r.other, &r.words, &r.digits};
  for (int k = 0; k < 3; ++k) changes[k]->before = source_loss(m, data.other, kLossSets[k]);
  // The batches are drawn before the arm's init, so arms given equal rngs see the same batches.
  Rng batches(rng());
  r.trainable = open_arm(m, directions, o, rng);
  nn::Adam<float> adam(m.params, {.lr = o.lr});
  nn::Tape<float> tape;
  const auto step = [&](long) {
    std::vector<Sequence> batch;
    for (int i = 0; i < o.batch; ++i) batch.push_back(data.train[batches() % data.train.size()]);
    const nn::TokenBatch b = answer_batch(batch);
    tape.clear();
    adam.zero_grad();
    const auto loss = m.gpt->loss(tape, b.inputs, b.targets, o.batch);
    tape.backward(loss);
    if (o.arm == Arm::digit_rows)  // only the digit rows move (Adam leaves zero-grad entries)
      m.params["head.weight"].grad.bottomRows(token::kVocab - 10).setZero();
    adam.step();
    return static_cast<double>(loss.item());
  };
  r.history = nn::train_loop({.steps = o.steps, .eval_every = std::max(1, o.steps / 10)}, step);
  r.after = answer_accuracy(m, data.test);
  for (int k = 0; k < 3; ++k) {
    changes[k]->after = source_loss(m, data.other, kLossSets[k]);
    changes[k]->change = (changes[k]->after - changes[k]->before) / changes[k]->before;
  }
  r.fraction = static_cast<double>(r.trainable) / static_cast<double>(r.model_parameters);
  return r;
}

}  // namespace assay::counting_bottleneck
