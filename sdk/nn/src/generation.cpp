#include "assay/nn/generation.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>

#include "assay/nn/kv_cache.hpp"
#include "tape_impl.hpp"

namespace assay::nn {
namespace {

// log softmax of a row, in double.
Eigen::RowVectorXd log_probabilities(const Eigen::RowVectorXd& logits) {
  const double top = logits.maxCoeff();
  const double lse = top + std::log((logits.array() - top).exp().sum());
  return (logits.array() - lse).matrix();
}

struct Choice {
  int token;
  double sample_logprob;
};

Choice choose(const Eigen::RowVectorXd& logp, const DecodeOptions& options, Rng& rng) {
  const Index vocab = logp.size();
  if (options.greedy) {
    Index best = 0;
    logp.maxCoeff(&best);
    return {static_cast<int>(best), 0.0};
  }
  // Candidates in order of decreasing probability (lower index first on ties), cut to top-k.
  std::vector<Index> order(static_cast<std::size_t>(vocab));
  std::iota(order.begin(), order.end(), Index{0});
  const Index keep = options.top_k > 0 ? std::min(options.top_k, vocab) : vocab;
  std::partial_sort(order.begin(), order.begin() + keep, order.end(), [&](Index a, Index b) {
    return logp(a) > logp(b) || (logp(a) == logp(b) && a < b);
  });
  order.resize(static_cast<std::size_t>(keep));
  Eigen::RowVectorXd tempered(keep);
  for (Index i = 0; i < keep; ++i)
    tempered(i) = logp(order[static_cast<std::size_t>(i)]) / options.temperature;
  const Eigen::RowVectorXd q = log_probabilities(tempered);
  // Inverse CDF on one uniform draw; the last candidate takes any rounding remainder.
  const double u = uniform01(rng);
  double cumulative = 0;
  for (Index i = 0; i < keep; ++i) {
    cumulative += std::exp(q(i));
    if (u < cumulative || i + 1 == keep)
      return {static_cast<int>(order[static_cast<std::size_t>(i)]), q(i)};
  }
  return {static_cast<int>(order.back()), q(keep - 1)};
}

void require_tokens(const std::vector<int>& tokens, Index vocab, const char* what) {
  for (int t : tokens) {
    if (t < 0 || t >= vocab) {
      throw std::out_of_range(std::string("assay::nn: ") + what + ": token " + std::to_string(t) +
                              " outside the vocabulary of " + std::to_string(vocab));
    }
  }
}

// The logits of the next token after each sequence, (batch x vocab): the model over the last
// `context` tokens of each, re-encoded in full.
template <class T>
class FullWindows {
 public:
  explicit FullWindows(const Gpt<T>& model) : model_(model) {}
  Mat<T> next(Tape<T>& tape, const std::vector<std::vector<int>>& seqs) {
    const Index length =
        std::min<Index>(static_cast<Index>(seqs[0].size()), model_.config().context);
    std::vector<int> window;
    for (const auto& s : seqs) window.insert(window.end(), s.end() - length, s.end());
    return last_rows(model_.logits(tape, window, static_cast<Index>(seqs.size())).value(),
                     static_cast<Index>(seqs.size()));
  }
  // Row (b + 1) * length - 1 of each sequence's block.
  static Mat<T> last_rows(const Mat<T>& logits, Index batch) {
    const Index length = logits.rows() / batch;
    Mat<T> last(batch, logits.cols());
    for (Index b = 0; b < batch; ++b) last.row(b) = logits.row((b + 1) * length - 1);
    return last;
  }

 private:
  const Gpt<T>& model_;
};

// The same logits from a key/value cache: the new token only while the sequences fit in the
// context; past it, the window of the last `context` tokens re-encoded in a cleared cache at
// every step (the window's positions all shift, so no cached key stays valid), which is what
// FullWindows computes.
template <class T>
class CachedWindows {
 public:
  CachedWindows(const Gpt<T>& model, Index batch) : model_(model), cache_(model.config(), batch) {}
  Mat<T> next(Tape<T>& tape, const std::vector<std::vector<int>>& seqs) {
    const auto context = static_cast<std::size_t>(model_.config().context);
    const auto batch = static_cast<Index>(seqs.size());
    if (seqs[0].size() <= context)
      return FullWindows<T>::last_rows(model_.extend(tape, cache_, seqs).value(), batch);
    std::vector<std::vector<int>> windows;
    for (const auto& s : seqs)
      windows.emplace_back(s.end() - static_cast<std::ptrdiff_t>(context), s.end());
    cache_.clear();
    return FullWindows<T>::last_rows(model_.extend(tape, cache_, windows).value(), batch);
  }

 private:
  const Gpt<T>& model_;
  KvCache<T> cache_;
};

template <class T>
void require_prompts(const Gpt<T>& model, const std::vector<std::vector<int>>& prompts,
                     const DecodeOptions& options) {
  if (prompts.empty() || prompts[0].empty())
    throw std::invalid_argument("assay::nn: decode: no prompt");
  if (!options.greedy && !(options.temperature > 0)) {
    throw std::invalid_argument("assay::nn: decode: temperature must be positive");
  }
  for (const auto& p : prompts) {
    if (p.size() != prompts[0].size()) {
      throw std::invalid_argument("assay::nn: decode: prompts of different lengths (" +
                                  std::to_string(p.size()) + " and " +
                                  std::to_string(prompts[0].size()) + "); decode them separately");
    }
    require_tokens(p, model.config().vocab, "decode");
  }
}

// The decoding loop over any source of next-token logits.
template <class T, class Source>
Decoded decode_from(Source& source, const std::vector<std::vector<int>>& prompts,
                    const DecodeOptions& options, Rng& rng) {
  std::vector<std::vector<int>> seqs = prompts;
  Decoded out;
  out.tokens.resize(seqs.size());
  out.model_logprobs.resize(seqs.size());
  out.sample_logprobs.resize(seqs.size());
  Tape<T> tape;
  tape.set_grad_enabled(false);
  for (Index step = 0; step < options.new_tokens; ++step) {
    tape.clear();
    const Mat<T> logits = source.next(tape, seqs);
    for (std::size_t b = 0; b < seqs.size(); ++b) {
      const Eigen::RowVectorXd logp =
          log_probabilities(logits.row(static_cast<Index>(b)).template cast<double>());
      const Choice pick = choose(logp, options, rng);
      seqs[b].push_back(pick.token);
      out.tokens[b].push_back(pick.token);
      out.model_logprobs[b].push_back(logp(pick.token));
      out.sample_logprobs[b].push_back(pick.sample_logprob);
    }
  }
  return out;
}

}  // namespace

template <class T>
Decoded decode(const Gpt<T>& model, const std::vector<std::vector<int>>& prompts,
               const DecodeOptions& options, Rng& rng) {
  require_prompts(model, prompts, options);
  if (!model.config().causal) return decode_uncached(model, prompts, options, rng);
  CachedWindows<T> source(model, static_cast<Index>(prompts.size()));
  return decode_from<T>(source, prompts, options, rng);
}

template <class T>
Decoded decode_uncached(const Gpt<T>& model, const std::vector<std::vector<int>>& prompts,
                        const DecodeOptions& options, Rng& rng) {
  require_prompts(model, prompts, options);
  FullWindows<T> source(model);
  return decode_from<T>(source, prompts, options, rng);
}

template <class T>
std::vector<std::vector<double>> score_continuations(
    const Gpt<T>& model, const std::vector<std::vector<int>>& prompts,
    const std::vector<std::vector<int>>& continuations) {
  const GptConfig& c = model.config();
  if (prompts.size() != continuations.size()) {
    throw std::invalid_argument(
        "assay::nn: score_continuations: " + std::to_string(prompts.size()) + " prompts for " +
        std::to_string(continuations.size()) + " continuations");
  }
  // Pairs grouped by total length, each group one batch.
  std::map<std::size_t, std::vector<std::size_t>> by_length;
  for (std::size_t i = 0; i < prompts.size(); ++i) {
    const std::size_t total = prompts[i].size() + continuations[i].size();
    if (prompts[i].empty() || total > static_cast<std::size_t>(c.context) + 1) {
      throw std::invalid_argument("assay::nn: score_continuations: pair " + std::to_string(i) +
                                  " has a prompt of " + std::to_string(prompts[i].size()) +
                                  " and " + std::to_string(total) +
                                  " tokens in all; the prompt must be non-empty and the total at "
                                  "most context + 1 = " +
                                  std::to_string(c.context + 1));
    }
    require_tokens(prompts[i], c.vocab, "score_continuations");
    require_tokens(continuations[i], c.vocab, "score_continuations");
    by_length[total].push_back(i);
  }
  std::vector<std::vector<double>> scores(prompts.size());
  Tape<T> tape;
  tape.set_grad_enabled(false);
  for (const auto& [total, members] : by_length) {
    if (total < 2) continue;  // nothing to score with a one-token prompt and no continuation
    const Index length = static_cast<Index>(total) - 1;  // the last token is only predicted
    std::vector<int> inputs, targets;
    for (std::size_t i : members) {
      std::vector<int> seq = prompts[i];
      seq.insert(seq.end(), continuations[i].begin(), continuations[i].end());
      inputs.insert(inputs.end(), seq.begin(), seq.end() - 1);
      targets.insert(targets.end(), seq.begin() + 1, seq.end());
    }
    tape.clear();
    const Var<T> logp = log_softmax(model.logits(tape, inputs, static_cast<Index>(members.size())));
    const Mat<T> picked = gather_cols(logp, targets).value();
    for (std::size_t m = 0; m < members.size(); ++m) {
      const std::size_t i = members[m];
      const Index first =
          static_cast<Index>(m) * length + static_cast<Index>(prompts[i].size()) - 1;
      for (std::size_t j = 0; j < continuations[i].size(); ++j) {
        scores[i].push_back(static_cast<double>(picked(first + static_cast<Index>(j), 0)));
      }
    }
  }
  return scores;
}

#define ASSAY_NN_INSTANTIATE(T)                                                         \
  template Decoded decode(const Gpt<T>&, const std::vector<std::vector<int>>&,          \
                          const DecodeOptions&, Rng&);                                  \
  template Decoded decode_uncached(const Gpt<T>&, const std::vector<std::vector<int>>&, \
                                   const DecodeOptions&, Rng&);                         \
  template std::vector<std::vector<double>> score_continuations(                        \
      const Gpt<T>&, const std::vector<std::vector<int>>&, const std::vector<std::vector<int>>&);
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
