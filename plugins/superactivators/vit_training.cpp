#include "vit_training.hpp"

#include <assay/nn/ops.hpp>
#include <assay/nn/optim.hpp>
#include <assay/nn/schedule.hpp>
#include <random>

#include "scene_concepts.hpp"

namespace assay::superactivators {

double majority_shape_accuracy(const Vit& model, const stdlib::Scenes& scenes) {
  const auto labels = majority_shape(scenes);
  const auto patches = patchify(scenes.images, scenes.count, scenes.size, model.shape().patch);
  const auto logits = model.states(patches, scenes.count).logits;
  int right = 0;
  for (int n = 0; n < scenes.count; ++n) {
    Index best = 0;
    logits.row(n).maxCoeff(&best);
    right += best == labels[n];
  }
  return static_cast<double>(right) / scenes.count;
}

TrainedVit train_vit(const VitShape& shape, const TrainOptions& o, const stdlib::Scenes& train,
                     const stdlib::Scenes& test, nn::Rng& rng,
                     const std::function<void(double)>& progress) {
  Vit model(shape, rng);
  const auto labels = majority_shape(train);
  const auto patches = patchify(train.images, train.count, train.size, shape.patch);
  const Index tokens = shape.tokens();
  nn::Adam<float> adam(model.params(), {.lr = o.lr});
  adam.set_groups(nn::decay_matrices_only<float>(o.weight_decay));
  std::uniform_int_distribution<int> pick(0, train.count - 1);
  const long warmup = static_cast<long>(o.warmup_fraction * o.steps);
  const int tail_steps = std::max(1, o.steps / 10);
  double tail_loss = 0;
  nn::Tape<float> tape;
  for (int step = 1; step <= o.steps; ++step) {
    Matrix batch(static_cast<Index>(o.batch) * tokens, patches.cols());
    std::vector<int> targets(o.batch);
    for (int b = 0; b < o.batch; ++b) {
      const int n = pick(rng);
      batch.middleRows(b * tokens, tokens) = patches.middleRows(n * tokens, tokens);
      targets[b] = labels[n];
    }
    tape.clear();
    adam.zero_grad();
    const auto loss = nn::cross_entropy(model.logits(tape, batch, o.batch), targets);
    tape.backward(loss);
    nn::clip_grad_norm(model.params(), 1.0f);
    adam.set_lr(static_cast<float>(nn::warmup_cosine(step, warmup, o.steps, o.lr)));
    adam.step();
    if (step > o.steps - tail_steps) tail_loss += loss.item() / tail_steps;
    if (progress) progress(static_cast<double>(step) / o.steps);
  }
  const double train_accuracy = majority_shape_accuracy(model, train);
  const double test_accuracy = majority_shape_accuracy(model, test);
  return {std::move(model), tail_loss, train_accuracy, test_accuracy};
}

}  // namespace assay::superactivators
