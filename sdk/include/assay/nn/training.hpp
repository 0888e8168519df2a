// Training plumbing shared by the language-model methods: deterministic batches from a token
// array, and a step loop that evaluates every N steps into a loss table.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "assay/nn/matrix.hpp"

namespace assay::nn {

// `batch` windows of context + 1 consecutive tokens, stacked: inputs are each window's first
// `context` tokens, targets the next ones (batch * context each).
struct TokenBatch {
  std::vector<int> inputs;
  std::vector<int> targets;
};

// Batches drawn from a token array. Batch s depends only on (seed, s), never on the batches
// drawn before it, so training split over several runs sees the same data as one run.
class TokenBatches {
 public:
  // Throws std::invalid_argument if the array is shorter than context + 1 tokens.
  TokenBatches(std::vector<int> tokens, Index context, Index batch, std::uint64_t seed);
  // Windows at offsets drawn uniformly from [0, size - context - 1].
  TokenBatch random(long step) const;
  // Non-overlapping windows in order, for evaluation: window w starts at w * context. Windows
  // past the end wrap around. windows() says how many there are.
  TokenBatch contiguous(long index) const;
  Index windows() const;

  Index context() const { return context_; }
  Index batch() const { return batch_; }

 private:
  TokenBatch at_offsets(const std::vector<Index>& offsets) const;
  std::vector<int> tokens_;
  Index context_, batch_;
  std::uint64_t seed_;
};

// One row per evaluation: the step reached, the mean training loss of the steps since the
// previous row, and the evaluation loss (NaN without an evaluation function). Plain columns, as
// a result table stores them.
struct LossTable {
  std::vector<long> step;
  std::vector<double> train_loss;
  std::vector<double> eval_loss;
};

struct TrainLoopOptions {
  long first_step = 0;  // where a continued run starts (its steps are first_step + 1, ...)
  long steps = 0;       // how many steps this run takes
  long eval_every = 0;  // a row every eval_every steps and after the last; 0: the last only
};

// Calls train_step(s) for s = first_step + 1 ... first_step + steps (it runs one step and
// returns its loss) and adds a row to the table every eval_every steps and after the last step,
// calling evaluate() (may be empty) for the row's evaluation loss.
LossTable train_loop(TrainLoopOptions options, const std::function<double(long step)>& train_step,
                     const std::function<double()>& evaluate = {});

}  // namespace assay::nn
