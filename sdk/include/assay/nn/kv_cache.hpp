// The key/value cache of incremental decoding from a causal nn::Gpt: per layer, the keys and
// values of every position encoded so far, so that a decoding step runs the model over the new
// positions only instead of the whole prefix.
//
//   nn::KvCache<float> cache(gpt.config(), batch);
//   nn::Tape<float> tape;
//   tape.set_grad_enabled(false);                     // inference only
//   auto logits = gpt.extend(tape, cache, sequences);  // prefill: every prompt token
//   for (auto& s : sequences) s.push_back(next_token(...));
//   tape.clear();
//   logits = gpt.extend(tape, cache, sequences);       // one new position per sequence
//
// Layout: per layer, keys and values are (batch * heads * capacity) x head_dim matrices whose
// block for sequence b and head h starts at row (b * heads + h) * capacity — batch x heads x
// positions x head_dim. The capacity is the context, plus one with an attention sink (which
// takes position 0). The cache remembers the tokens it encoded and the model that encoded them,
// so that extend() refuses sequences that do not continue them (a cache reused for another
// prompt) and another model; it cannot see a model whose weights changed in place: clear() it
// after a training step.
#pragma once

#include <vector>

#include "assay/nn/gpt.hpp"

namespace assay::nn {

template <class T = float>
class KvCache {
 public:
  // Room for `batch` sequences of up to config.context tokens.
  KvCache(const GptConfig& config, Index batch);

  Index batch() const { return batch_; }
  Index capacity() const { return capacity_; }
  // Tokens encoded so far, the same number for every sequence.
  Index length() const;
  const std::vector<int>& tokens(Index sequence) const;
  // Forgets every position and the model, so that the cache can start another prompt.
  void clear();

 private:
  friend class Gpt<T>;
  // The steps of Gpt::extend: which tokens of `sequences` are new (refusing sequences that do not
  // continue the cached ones, or a model other than the one that filled it); then per layer,
  // the attention of the new rows' queries over every cached key, after storing the new keys and
  // values; then commit() makes the new positions part of the cache.
  std::vector<int> new_tokens(const void* model, const GptConfig& config,
                              const std::vector<std::vector<int>>& sequences) const;
  Mat<T> attend(Index layer, const Mat<T>& q, const Mat<T>& k, const Mat<T>& v);
  void commit(const void* model, const std::vector<std::vector<int>>& sequences);
  // Positions in use, the sink's included.
  Index stored() const { return stored_; }

  GptConfig config_;
  Index batch_ = 0, capacity_ = 0, head_dim_ = 0;
  Index stored_ = 0;
  std::vector<Mat<T>> keys_, values_;  // per layer
  std::vector<std::vector<int>> tokens_;
  const void* model_ = nullptr;
};

}  // namespace assay::nn
