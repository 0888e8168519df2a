// The detection model: a small decoder-only transformer on BPE tokens, pretrained (next-token
// prediction) on documents in which a fraction f of the words are fully letter-spaced, then
// trained on the clean needle task (answer token at the last position), then asked the task at
// each fragmentation rate.
#pragma once

#include <assay/nn/checkpoint.hpp>
#include <assay/nn/nn.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <vector>

#include "needle_task.hpp"

namespace assay::uncanny_valley {

struct ModelShape {
  int context = 64;
  int dim = 64;
  int heads = 4;
  int layers = 2;
};

struct TrainSchedule {
  long steps = 300;
  int batch = 16;
  double lr = 3e-3;  // peak of a warmup-cosine schedule (warmup: a tenth of the steps)
};

using Progress = std::function<void(double fraction)>;

class DetectionLm {
 public:
  DetectionLm(std::int64_t vocab, const ModelShape& shape, std::mt19937_64& rng);
  // The model a checkpoint() holds; throws std::invalid_argument for another kind of model.
  explicit DetectionLm(const nn::Checkpoint<float>& checkpoint);
  // Its configuration and parameters (no optimiser state: each training phase starts afresh).
  nn::Checkpoint<float> checkpoint() const;
  const nn::Gpt<float>& gpt() const { return *gpt_; }
  nn::ParameterSet<float>& params() { return params_; }
  int context() const { return static_cast<int>(gpt_->config().context); }

 private:
  nn::ParameterSet<float> params_;
  std::unique_ptr<nn::Gpt<float>> gpt_;
};

// The pretraining stream: each document with a fraction f of its words letter-spaced, encoded,
// the end-of-document id after each.
std::vector<int> pretraining_tokens(const std::vector<std::string>& documents, double f,
                                    const Encoder& encode, std::int64_t end_of_document,
                                    std::mt19937_64& rng);

// Next-token pretraining on random windows of the stream.
nn::LossTable pretrain(DetectionLm& lm, const std::vector<int>& tokens,
                       const TrainSchedule& schedule, std::uint64_t seed,
                       const Progress& progress = {});

// What the needle examples are made of.
struct NeedleSetup {
  std::vector<std::string> sources;  // passage_sources()
  std::vector<std::string> needles;  // needle_words()
  Encoder encode;
  NeedleVocabulary vocabulary;
};

// Training on clean (p = 0) needle examples drawn afresh at every step; the loss is the
// cross-entropy of the answer token alone.
nn::LossTable train_needles(DetectionLm& lm, const NeedleSetup& setup,
                            const TrainSchedule& schedule, std::mt19937_64& rng,
                            const Progress& progress = {});

// 1 where the model scores yes above no at the last position.
std::vector<int> predict(const DetectionLm& lm, const std::vector<NeedleExample>& examples,
                         const NeedleVocabulary& vocabulary);

// The predictions at each rate and perturbation, on the same `examples` contents (drawn once
// from rng, then fragmented afresh per rate).
struct RatePredictions {
  Perturbation kind = Perturbation::random;
  double p = 0;
  std::vector<int> predicted, truth;
};
std::vector<RatePredictions> evaluate_rates(const DetectionLm& lm, const NeedleSetup& setup,
                                            const std::vector<double>& rates,
                                            const std::vector<Perturbation>& kinds, int examples,
                                            std::mt19937_64& rng, const Progress& progress = {});

}  // namespace assay::uncanny_valley
