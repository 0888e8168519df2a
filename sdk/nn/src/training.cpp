#include "assay/nn/training.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace assay::nn {
namespace {

// SplitMix64's finaliser: decorrelates the per-step seeds (seed, step) of neighbouring steps.
std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

TokenBatches::TokenBatches(std::vector<int> tokens, Index context, Index batch, std::uint64_t seed)
    : tokens_(std::move(tokens)), context_(context), batch_(batch), seed_(seed) {
  if (context <= 0 || batch <= 0 || static_cast<Index>(tokens_.size()) < context + 1) {
    throw std::invalid_argument("assay::nn: TokenBatches: " + std::to_string(tokens_.size()) +
                                " tokens are too few for windows of context " +
                                std::to_string(context) + " + 1 (batch " + std::to_string(batch) +
                                ")");
  }
}

TokenBatch TokenBatches::at_offsets(const std::vector<Index>& offsets) const {
  TokenBatch b;
  b.inputs.reserve(static_cast<std::size_t>(batch_ * context_));
  b.targets.reserve(b.inputs.capacity());
  for (Index start : offsets) {
    for (Index i = 0; i < context_; ++i) {
      b.inputs.push_back(tokens_[static_cast<std::size_t>(start + i)]);
      b.targets.push_back(tokens_[static_cast<std::size_t>(start + i + 1)]);
    }
  }
  return b;
}

TokenBatch TokenBatches::random(long step) const {
  Rng rng(mix(seed_ ^ mix(static_cast<std::uint64_t>(step))));
  const Index starts = static_cast<Index>(tokens_.size()) - context_;
  std::vector<Index> offsets;
  for (Index b = 0; b < batch_; ++b) {
    offsets.push_back(std::min(starts - 1, static_cast<Index>(uniform01(rng) * starts)));
  }
  return at_offsets(offsets);
}

Index TokenBatches::windows() const { return (static_cast<Index>(tokens_.size()) - 1) / context_; }

TokenBatch TokenBatches::contiguous(long index) const {
  std::vector<Index> offsets;
  for (Index b = 0; b < batch_; ++b)
    offsets.push_back(((index * batch_ + b) % windows()) * context_);
  return at_offsets(offsets);
}

LossTable train_loop(TrainLoopOptions options, const std::function<double(long step)>& train_step,
                     const std::function<double()>& evaluate) {
  LossTable table;
  double window_sum = 0;
  long window_steps = 0;
  const long last = options.first_step + options.steps;
  for (long step = options.first_step + 1; step <= last; ++step) {
    window_sum += train_step(step);
    ++window_steps;
    const bool due = options.eval_every > 0 && step % options.eval_every == 0;
    if (due || step == last) {
      table.step.push_back(step);
      table.train_loss.push_back(window_sum / static_cast<double>(window_steps));
      table.eval_loss.push_back(evaluate ? evaluate() : std::numeric_limits<double>::quiet_NaN());
      window_sum = 0;
      window_steps = 0;
    }
  }
  return table;
}

}  // namespace assay::nn
