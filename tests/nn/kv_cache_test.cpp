// Incremental decoding over a key/value cache against the full forward pass it replaces: the
// same logits at every step, the same greedy and sampled tokens and log-probabilities, rows of a
// batch independent, the context limit, and the misuses the cache refuses.
//
// Tolerances. In double both paths compute the same sums in different orders and blockings, so
// they differ by rounding only: a sum of n terms is off by at most n u sum |terms| (u = 1.1e-16).
// These models' longest sums have 24 terms (the MLP's down projection), through 2 layers and a
// few normalisations, a bound of order 1e-14 relative to the logits; 1e-12 sits above it, while a
// wrong position, mask or cached key changes the logits by O(0.1). In float both paths are
// roundings of the double result, and the cache must be as accurate as the full pass: within 4x
// its largest error against double (plus a few float ulps of the logits' scale).
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <limits>
#include <set>

#include "assay/nn/nn.hpp"
#include "nn/gpt_options.hpp"

namespace nn = assay::nn;
using MatD = nn::Mat<double>;
using Sequences = std::vector<std::vector<int>>;

namespace {

constexpr double kDoubleTolerance = 1e-12;
constexpr double kFloatUlp = std::numeric_limits<float>::epsilon();

nn::GptConfig tiny() {
  return {.vocab = 13, .context = 8, .dim = 16, .heads = 4, .layers = 2, .hidden = 24};
}

// Every option the cache must respect.
nn::GptConfig every_option() { return nn::testing::with_every_option(tiny()); }

// Moves every parameter off its initial value so that logits are O(1) and every part matters.
template <class T>
void perturb(nn::ParameterSet<T>& params, std::uint64_t seed) {
  nn::Rng rng(seed);
  for (std::size_t i = 0; i < params.size(); ++i) {
    auto& v = params.at(i).value;
    v += nn::normal_matrix<T>(v.rows(), v.cols(), T(0.4), rng);
  }
}

using Hooks = std::function<void(nn::Tape<double>&)>;

MatD full_logits(const nn::Gpt<double>& gpt, const Sequences& seqs, const Hooks& hooks) {
  std::vector<int> flat;
  for (const auto& s : seqs) flat.insert(flat.end(), s.begin(), s.end());
  nn::Tape<double> tape;
  tape.set_grad_enabled(false);
  if (hooks) hooks(tape);
  return gpt.logits(tape, flat, static_cast<nn::Index>(seqs.size())).value();
}

// Row (b + 1) * length - 1 of each sequence's block.
template <class T>
nn::Mat<T> last_rows(const nn::Mat<T>& logits, nn::Index batch) {
  const nn::Index length = logits.rows() / batch;
  nn::Mat<T> last(batch, logits.cols());
  for (nn::Index b = 0; b < batch; ++b) last.row(b) = logits.row((b + 1) * length - 1);
  return last;
}

void require_close(const MatD& cached, const MatD& full) {
  REQUIRE(cached.rows() == full.rows());
  const double error = (cached - full).cwiseAbs().maxCoeff();
  INFO("max |cached - full| = " << error);
  REQUIRE(error <= kDoubleTolerance * (1 + full.cwiseAbs().maxCoeff()));
}

// Prefills `seqs`, then appends a pseudo-random token to each until they fill the context,
// comparing the cache's logits with the full forward pass's after every call.
void require_cached_steps_match(const nn::Gpt<double>& gpt, Sequences seqs, const Hooks& hooks) {
  const auto batch = static_cast<nn::Index>(seqs.size());
  nn::KvCache<double> cache(gpt.config(), batch);
  nn::Tape<double> tape;
  tape.set_grad_enabled(false);
  if (hooks) hooks(tape);
  require_close(gpt.extend(tape, cache, seqs).value(), full_logits(gpt, seqs, hooks));
  nn::Rng rng(7);
  while (static_cast<nn::Index>(seqs[0].size()) < gpt.config().context) {
    for (auto& s : seqs) s.push_back(static_cast<int>(rng() % 13));
    tape.clear();
    const MatD step = gpt.extend(tape, cache, seqs).value();
    REQUIRE(step.rows() == batch);
    require_close(step, last_rows(full_logits(gpt, seqs, hooks), batch));
  }
  CHECK(cache.length() == gpt.config().context);
  CHECK(cache.tokens(1) == seqs[1]);
}

const Sequences kPrompts = {{1, 4, 2}, {6, 0, 3}};

void require_same_decoding(const nn::Decoded& a, const nn::Decoded& b, double tolerance) {
  REQUIRE(a.tokens == b.tokens);
  for (std::size_t s = 0; s < a.tokens.size(); ++s) {
    for (std::size_t j = 0; j < a.tokens[s].size(); ++j) {
      CHECK(std::abs(a.model_logprobs[s][j] - b.model_logprobs[s][j]) <= tolerance);
      CHECK(std::abs(a.sample_logprobs[s][j] - b.sample_logprobs[s][j]) <= tolerance);
    }
  }
}

}  // namespace

TEST_CASE(
    "the cache gives the full forward pass's logits at every step (LayerNorm, GELU, "
    "biases, learned positions)",
    "[nn][kv_cache]") {
  nn::Rng rng(1);
  nn::ParameterSet<double> params;
  const nn::Gpt<double> gpt(params, tiny(), rng);
  perturb(params, 2);
  require_cached_steps_match(gpt, kPrompts, nullptr);
  require_cached_steps_match(gpt, {{5}, {9}}, nullptr);  // a one-token prompt
}

TEST_CASE("the cache respects every option, swapped projections, top-k sites and hooks",
          "[nn][kv_cache]") {
  nn::Rng rng(3);
  nn::ParameterSet<double> params;
  nn::Gpt<double> gpt(params, every_option(), rng);
  gpt.projection("block0.attn.q").use_lora(params, 2, 4.0, rng);
  gpt.projection("block1.mlp.gate").use_mask()(0, 0) = 0;
  gpt.set_topk("block0.mlp_hidden", 5);
  perturb(params, 4);  // LoRA's B off zero too
  const Hooks ablate_head = [](nn::Tape<double>& tape) {
    tape.set_hook("block1.attn.heads",
                  [](std::string_view, MatD& heads) { heads.middleCols(4, 4).setZero(); });
  };
  require_cached_steps_match(gpt, kPrompts, ablate_head);
  // The hook acts: without it the logits differ.
  const MatD with = full_logits(gpt, kPrompts, ablate_head);
  CHECK((with - full_logits(gpt, kPrompts, nullptr)).cwiseAbs().maxCoeff() > 1e-3);
}

TEST_CASE(
    "cached decoding gives the uncached tokens and log-probabilities, within the context "
    "and past it",
    "[nn][kv_cache][generation]") {
  const bool sink = GENERATE(false, true);
  nn::Rng rng(5);
  nn::ParameterSet<double> params;
  const nn::Gpt<double> gpt(params, sink ? every_option() : tiny(), rng);
  perturb(params, 6);
  // 12 new tokens after 3: past the context of 8 the window slides and the cache re-encodes it.
  const nn::DecodeOptions greedy{.new_tokens = 12, .greedy = true};
  nn::Rng unused(0);
  require_same_decoding(nn::decode(gpt, kPrompts, greedy, unused),
                        nn::decode_uncached(gpt, kPrompts, greedy, unused), kDoubleTolerance);
  const nn::DecodeOptions sampled{.new_tokens = 12, .temperature = 0.8, .top_k = 6};
  nn::Rng a(11), b(11);
  const nn::Decoded cached = nn::decode(gpt, kPrompts, sampled, a);
  require_same_decoding(cached, nn::decode_uncached(gpt, kPrompts, sampled, b), kDoubleTolerance);
  // The samples are not all one token: the comparison is not between two constant outputs.
  CHECK(std::set<int>(cached.tokens[0].begin(), cached.tokens[0].end()).size() > 2);
}

TEST_CASE("rows of a cached batch are decoded independently", "[nn][kv_cache][generation]") {
  nn::Rng rng(8);
  nn::ParameterSet<double> params;
  const nn::Gpt<double> gpt(params, tiny(), rng);
  perturb(params, 9);
  const Sequences prompts = {{1, 2, 3, 4}, {4, 4, 0, 7}, {12, 0, 1, 1}};
  const nn::DecodeOptions greedy{.new_tokens = 4, .greedy = true};
  nn::Rng unused(0);
  const nn::Decoded together = nn::decode(gpt, prompts, greedy, unused);
  for (std::size_t i = 0; i < prompts.size(); ++i) {
    const nn::Decoded alone = nn::decode(gpt, {prompts[i]}, greedy, unused);
    CHECK(alone.tokens[0] == together.tokens[i]);
    for (std::size_t j = 0; j < alone.tokens[0].size(); ++j)
      CHECK(std::abs(alone.model_logprobs[0][j] - together.model_logprobs[i][j]) <=
            kDoubleTolerance);
  }
  CHECK(together.tokens[0] != together.tokens[1]);
}

TEST_CASE("in float the cache is as accurate as the full forward pass", "[nn][kv_cache]") {
  const nn::GptConfig config{
      .vocab = 20, .context = 16, .dim = 32, .heads = 4, .layers = 2, .hidden = 64};
  nn::Rng rng(12);
  nn::ParameterSet<double> exact_params;
  const nn::Gpt<double> exact(exact_params, config, rng);
  perturb(exact_params, 13);
  nn::Rng unused(0);
  nn::ParameterSet<float> params;
  const nn::Gpt<float> gpt(params, config, unused);
  for (std::size_t i = 0; i < params.size(); ++i)
    params.at(i).value = exact_params.at(i).value.cast<float>();
  Sequences seqs = {{1, 2, 3}, {19, 0, 5}};
  nn::KvCache<float> cache(config, 2);
  nn::Tape<float> tape;
  tape.set_grad_enabled(false);
  double cached_error = 0, full_error = 0, scale = 0;
  nn::Rng tokens(14);
  for (;;) {
    tape.clear();
    const nn::Mat<float> cached = last_rows(gpt.extend(tape, cache, seqs).value(), 2);
    std::vector<int> flat;
    for (const auto& s : seqs) flat.insert(flat.end(), s.begin(), s.end());
    tape.clear();
    const nn::Mat<float> full = last_rows(gpt.logits(tape, flat, 2).value(), 2);
    const MatD reference = last_rows(full_logits(exact, seqs, nullptr), 2);
    cached_error =
        std::max(cached_error, (cached.cast<double>() - reference).cwiseAbs().maxCoeff());
    full_error = std::max(full_error, (full.cast<double>() - reference).cwiseAbs().maxCoeff());
    scale = std::max(scale, reference.cwiseAbs().maxCoeff());
    if (static_cast<nn::Index>(seqs[0].size()) == config.context) break;
    for (auto& s : seqs) s.push_back(static_cast<int>(tokens() % 20));
  }
  INFO("float error against double: cached " << cached_error << ", full " << full_error);
  CHECK(full_error > 0);  // float rounding is there to compare with
  CHECK(cached_error <= 4 * full_error + 4 * kFloatUlp * scale);
}

TEST_CASE("the cache refuses another prompt, another model, gradients and the wrong shapes",
          "[nn][kv_cache]") {
  nn::Rng rng(15);
  nn::ParameterSet<double> params;
  const nn::Gpt<double> gpt(params, tiny(), rng);
  nn::KvCache<double> cache(tiny(), 2);
  nn::Tape<double> tape;
  tape.set_grad_enabled(false);
  gpt.extend(tape, cache, kPrompts);
  // A cache filled with one prompt, reused for another of the same length.
  const Sequences other = {{1, 4, 2, 0}, {6, 1, 3, 0}};
  CHECK_THROWS_WITH(
      gpt.extend(tape, cache, other),
      Catch::Contains("sequence 1 has token 1 at position 1 where the cache holds 0") &&
          Catch::Contains("clear() the cache"));
  CHECK_THROWS_WITH(gpt.extend(tape, cache, kPrompts), Catch::Contains("more than the 3 cached"));
  CHECK_THROWS_WITH(gpt.extend(tape, cache, {{1, 4, 2, 0}}), Catch::Contains("1 sequences"));
  nn::ParameterSet<double> params2;
  const nn::Gpt<double> twin(params2, tiny(), rng);
  CHECK_THROWS_WITH(twin.extend(tape, cache, {{1, 4, 2, 0}, {6, 0, 3, 0}}),
                    Catch::Contains("another model"));
  // After clear() the cache takes the other prompt, and gives its logits.
  cache.clear();
  tape.clear();
  require_close(gpt.extend(tape, cache, other).value(), full_logits(gpt, other, nullptr));
  CHECK_THROWS_WITH(
      gpt.extend(tape, cache, {{1, 4, 2, 0, 1, 1, 1, 1, 1}, {6, 1, 3, 0, 1, 1, 1, 1, 1}}),
      Catch::Contains("at most the context of 8"));
  nn::Tape<double> recording;
  nn::KvCache<double> fresh(tiny(), 2);
  CHECK_THROWS_WITH(gpt.extend(recording, fresh, kPrompts), Catch::Contains("inference only"));
  nn::GptConfig full_attention = tiny();
  full_attention.causal = false;
  nn::ParameterSet<double> params3;
  const nn::Gpt<double> encoder(params3, full_attention, rng);
  nn::KvCache<double> encoder_cache(full_attention, 2);
  CHECK_THROWS_WITH(encoder.extend(tape, encoder_cache, kPrompts), Catch::Contains("causal"));
  CHECK_THROWS_WITH(gpt.extend(tape, encoder_cache, kPrompts),
                    Catch::Contains("another model configuration"));
}
