#include "detection_lm.hpp"

#include <algorithm>

namespace assay::uncanny_valley {

DetectionLm::DetectionLm(std::int64_t vocab, const ModelShape& shape, std::mt19937_64& rng) {
  const nn::GptConfig config{.vocab = vocab,
                             .context = shape.context,
                             .dim = shape.dim,
                             .heads = shape.heads,
                             .layers = shape.layers};
  gpt_ = std::make_unique<nn::Gpt<float>>(params_, config, rng);
}

DetectionLm::DetectionLm(const nn::Checkpoint<float>& checkpoint) {
  // Every parameter is overwritten by the checkpoint's; the draw only shapes them.
  std::mt19937_64 unused(0);
  gpt_ = std::make_unique<nn::Gpt<float>>(params_, nn::gpt_config(checkpoint.config), unused);
  nn::load_checkpoint(checkpoint, params_);
}

nn::Checkpoint<float> DetectionLm::checkpoint() const {
  return nn::make_checkpoint(params_, nn::to_config(gpt_->config()));
}

std::vector<int> pretraining_tokens(const std::vector<std::string>& documents, double f,
                                    const Encoder& encode, std::int64_t end_of_document,
                                    std::mt19937_64& rng) {
  std::vector<int> tokens;
  for (const auto& d : documents) {
    for (auto id : encode(letter_space_words(d, f, rng))) tokens.push_back(static_cast<int>(id));
    tokens.push_back(static_cast<int>(end_of_document));
  }
  return tokens;
}

namespace {

// One AdamW run of `schedule.steps` steps of `loss_of(step, tape)`, warmup-cosine learning rate.
nn::LossTable run_training(DetectionLm& lm, const TrainSchedule& schedule,
                           const std::function<nn::Var<float>(long, nn::Tape<float>&)>& loss_of,
                           const Progress& progress) {
  nn::Adam<float> adam(lm.params(), {.lr = schedule.lr, .weight_decay = 0.01});
  nn::Tape<float> tape;
  const long warmup = std::max(1L, schedule.steps / 10);
  return nn::train_loop(
      {.steps = schedule.steps, .eval_every = std::max(1L, schedule.steps / 20)}, [&](long step) {
        adam.set_lr(
            static_cast<float>(nn::warmup_cosine(step, warmup, schedule.steps, schedule.lr)));
        tape.clear();
        adam.zero_grad();
        const auto loss = loss_of(step, tape);
        tape.backward(loss);
        nn::clip_grad_norm(lm.params(), 1.0f);
        adam.step();
        if (progress) progress(static_cast<double>(step) / static_cast<double>(schedule.steps));
        return static_cast<double>(loss.item());
      });
}

}  // namespace

nn::LossTable pretrain(DetectionLm& lm, const std::vector<int>& tokens,
                       const TrainSchedule& schedule, std::uint64_t seed,
                       const Progress& progress) {
  const nn::TokenBatches batches(tokens, lm.context(), schedule.batch, seed);
  return run_training(
      lm, schedule,
      [&](long step, nn::Tape<float>& tape) {
        const auto b = batches.random(step);
        return lm.gpt().loss(tape, b.inputs, b.targets, schedule.batch);
      },
      progress);
}

nn::LossTable train_needles(DetectionLm& lm, const NeedleSetup& setup,
                            const TrainSchedule& schedule, std::mt19937_64& rng,
                            const Progress& progress) {
  const auto budget = passage_budget(lm.context());
  const auto context = static_cast<std::size_t>(lm.context());
  return run_training(
      lm, schedule,
      [&](long, nn::Tape<float>& tape) {
        std::vector<int> inputs, targets;
        for (int i = 0; i < schedule.batch; ++i) {
          const auto content = draw_needle_content(setup.sources, setup.needles, i, budget, rng);
          const auto e = needle_example(content, 0.0, Perturbation::random, setup.encode,
                                        setup.vocabulary, lm.context(), rng);
          inputs.insert(inputs.end(), e.tokens.begin(), e.tokens.end());
          targets.resize(targets.size() + context, -1);
          targets.back() = e.answer;
        }
        return lm.gpt().loss(tape, inputs, targets, schedule.batch);
      },
      progress);
}

std::vector<int> predict(const DetectionLm& lm, const std::vector<NeedleExample>& examples,
                         const NeedleVocabulary& vocabulary) {
  constexpr std::size_t batch = 32;
  const auto context = static_cast<Eigen::Index>(lm.context());
  std::vector<int> predicted;
  nn::Tape<float> tape;
  for (std::size_t from = 0; from < examples.size(); from += batch) {
    const auto to = std::min(examples.size(), from + batch);
    std::vector<int> tokens;
    for (auto i = from; i < to; ++i)
      tokens.insert(tokens.end(), examples[i].tokens.begin(), examples[i].tokens.end());
    tape.clear();
    const auto& logits =
        lm.gpt().logits(tape, tokens, static_cast<Eigen::Index>(to - from)).value();
    for (auto i = from; i < to; ++i) {
      const auto row = static_cast<Eigen::Index>(i - from + 1) * context - 1;
      predicted.push_back(logits(row, vocabulary.yes) > logits(row, vocabulary.no) ? 1 : 0);
    }
  }
  return predicted;
}

std::vector<RatePredictions> evaluate_rates(const DetectionLm& lm, const NeedleSetup& setup,
                                            const std::vector<double>& rates,
                                            const std::vector<Perturbation>& kinds, int examples,
                                            std::mt19937_64& rng, const Progress& progress) {
  const auto budget = passage_budget(lm.context());
  std::vector<NeedleContent> contents;
  for (int i = 0; i < examples; ++i)
    contents.push_back(draw_needle_content(setup.sources, setup.needles, i, budget, rng));
  std::vector<RatePredictions> out;
  for (auto kind : kinds)
    for (double p : rates) {
      RatePredictions r{kind, p, {}, {}};
      std::vector<NeedleExample> set;
      for (const auto& c : contents) {
        set.push_back(
            needle_example(c, p, kind, setup.encode, setup.vocabulary, lm.context(), rng));
        r.truth.push_back(c.positive ? 1 : 0);
      }
      r.predicted = predict(lm, set, setup.vocabulary);
      out.push_back(std::move(r));
      if (progress)
        progress(static_cast<double>(out.size()) /
                 static_cast<double>(rates.size() * kinds.size()));
    }
  return out;
}

}  // namespace assay::uncanny_valley
