#include "assay/nn/kv_cache.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "gemm.hpp"
#include "tape_impl.hpp"

namespace assay::nn {

template <class T>
KvCache<T>::KvCache(const GptConfig& config, Index batch)
    : config_(config),
      batch_(batch),
      capacity_(config.context + (config.attention_sink ? 1 : 0)),
      head_dim_(config.heads > 0 ? config.dim / config.heads : 0) {
  if (batch <= 0 || config.heads <= 0 || config.dim % config.heads != 0) {
    throw std::invalid_argument("assay::nn: KvCache: batch " + std::to_string(batch) +
                                " must be positive and dim " + std::to_string(config.dim) +
                                " a multiple of heads " + std::to_string(config.heads));
  }
  const Index rows = batch * config.heads * capacity_;
  keys_.assign(static_cast<std::size_t>(config.layers), Mat<T>(rows, head_dim_));
  values_.assign(static_cast<std::size_t>(config.layers), Mat<T>(rows, head_dim_));
  tokens_.resize(static_cast<std::size_t>(batch));
}

template <class T>
Index KvCache<T>::length() const {
  return static_cast<Index>(tokens_[0].size());
}

template <class T>
const std::vector<int>& KvCache<T>::tokens(Index sequence) const {
  return tokens_.at(static_cast<std::size_t>(sequence));
}

template <class T>
void KvCache<T>::clear() {
  stored_ = 0;
  for (auto& t : tokens_) t.clear();
  model_ = nullptr;
}

template <class T>
std::vector<int> KvCache<T>::new_tokens(const void* model, const GptConfig& config,
                                        const std::vector<std::vector<int>>& sequences) const {
  if (!config.causal) {
    throw std::invalid_argument(
        "assay::nn: Gpt::extend: a cache needs a causal model (with full attention every "
        "position depends on the ones after it)");
  }
  if (!(config == config_)) {
    throw std::invalid_argument(
        "assay::nn: Gpt::extend: the cache was made for another model "
        "configuration");
  }
  if (model_ != nullptr && model_ != model) {
    throw std::logic_error(
        "assay::nn: Gpt::extend: the cache holds another model's keys and values; clear() it");
  }
  if (static_cast<Index>(sequences.size()) != batch_) {
    throw std::invalid_argument("assay::nn: Gpt::extend: " + std::to_string(sequences.size()) +
                                " sequences for a cache of " + std::to_string(batch_));
  }
  const std::size_t cached = tokens_[0].size(), total = sequences[0].size();
  std::vector<int> fresh;
  for (std::size_t b = 0; b < sequences.size(); ++b) {
    const std::vector<int>& s = sequences[b];
    if (s.size() != total || total <= cached || total > static_cast<std::size_t>(config.context)) {
      throw std::invalid_argument(
          "assay::nn: Gpt::extend: sequence " + std::to_string(b) + " has " +
          std::to_string(s.size()) + " tokens; every sequence must have the same number, more " +
          "than the " + std::to_string(cached) + " cached and at most the context of " +
          std::to_string(config.context) + " (beyond it, re-encode a window in a cleared cache)");
    }
    for (std::size_t i = 0; i < cached; ++i) {
      if (s[i] != tokens_[b][i]) {
        throw std::logic_error("assay::nn: Gpt::extend: sequence " + std::to_string(b) +
                               " has token " + std::to_string(s[i]) + " at position " +
                               std::to_string(i) + " where the cache holds " +
                               std::to_string(tokens_[b][i]) +
                               ": it does not continue the cached prompt; clear() the cache");
      }
    }
    fresh.insert(fresh.end(), s.begin() + static_cast<std::ptrdiff_t>(cached), s.end());
  }
  return fresh;
}

template <class T>
Mat<T> KvCache<T>::attend(Index layer, const Mat<T>& q, const Mat<T>& k, const Mat<T>& v) {
  const Index heads = config_.heads, rows = q.rows() / batch_, seen = stored_ + rows;
  if (q.rows() != batch_ * rows || seen > capacity_) {
    throw_shape_error("KvCache (new rows, capacity)", q.rows(), q.cols(), batch_, capacity_);
  }
  Mat<T>& keys = keys_[static_cast<std::size_t>(layer)];
  Mat<T>& values = values_[static_cast<std::size_t>(layer)];
  const T scale = T(1) / std::sqrt(static_cast<T>(head_dim_));
  Mat<T> out(q.rows(), q.cols()), probs(rows, seen);
  for (Index b = 0; b < batch_; ++b) {
    for (Index h = 0; h < heads; ++h) {
      const Index first = (b * heads + h) * capacity_;
      keys.block(first + stored_, 0, rows, head_dim_) =
          k.block(b * rows, h * head_dim_, rows, head_dim_);
      values.block(first + stored_, 0, rows, head_dim_) =
          v.block(b * rows, h * head_dim_, rows, head_dim_);
      gemm(q.block(b * rows, h * head_dim_, rows, head_dim_), false, keys.middleRows(first, seen),
           true, probs, scale);
      // Causal: new row i is position stored_ + i and sees the keys up to it; the rest weigh 0.
      for (Index i = 0; i < rows; ++i) {
        auto visible = probs.row(i).head(stored_ + i + 1);
        visible = (visible.array() - visible.maxCoeff()).exp().matrix();
        visible /= visible.sum();
        probs.row(i).tail(rows - i - 1).setZero();
      }
      gemm(probs, false, values.middleRows(first, seen), false,
           out.block(b * rows, h * head_dim_, rows, head_dim_));
    }
  }
  return out;
}

template <class T>
void KvCache<T>::commit(const void* model, const std::vector<std::vector<int>>& sequences) {
  const Index fresh = static_cast<Index>(sequences[0].size()) - length();
  stored_ += fresh + (stored_ == 0 && config_.attention_sink ? 1 : 0);
  tokens_ = sequences;
  model_ = model;
}

#define ASSAY_NN_INSTANTIATE(T) template class KvCache<T>;
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
