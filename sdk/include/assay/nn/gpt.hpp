// A configurable decoder-only transformer whose parts methods reach and swap by name.
//
//   nn::GptConfig config{.vocab = 96, .context = 64, .dim = 128, .heads = 4, .layers = 4,
//                        .norm = nn::NormKind::rms, .mlp = nn::MlpKind::swiglu, .bias = false};
//   nn::Gpt gpt(params, config, rng);
//   gpt.projection("block0.attn.q").use_lora(params, 8, 16, rng);   // LoRA on a projection
//   gpt.projection("block1.mlp.gate").use_mask() = my_mask;          // mask the gate
//   gpt.set_topk("block2.mlp_hidden", 16);                           // activation top-k at a site
//   auto loss = gpt.loss(tape, inputs, targets, batch);              // next-token cross-entropy
//
// Parameters (prefix "<name>." when a name is given): "tok.weight" (vocab x dim), "pos.weight"
// (context x dim, learned positions only), "sink" (1 x dim, attention sink only),
// "block<i>.ln1.*", "block<i>.attn.{q,k,v,o}.*", "block<i>.ln2.*", "block<i>.mlp.{up,down}.*"
// plus "block<i>.mlp.gate.*" for SwiGLU, "ln_f.*", "head.*" (untied only) and "bigram.weight"
// (vocab x vocab, zeros, bigram only). Norms have "weight" (and "bias" for LayerNorm); projections
// "weight" and, with biases on, "bias". Projection names are the parameter names without
// ".weight"; the unembedding is "head" in both tied and untied models.
//
// Sites: every named point below is tapped (tape hooks may read or overwrite it) after the
// activation top-k set for it, if any: "embed" (token + position), "block<i>.attn_in",
// "block<i>.attn.heads" (the attention output before the output projection, (rows x dim), head h
// in columns [h * dim / heads, (h + 1) * dim / heads)), "block<i>.attn_out", "block<i>.resid_mid",
// "block<i>.mlp_in", "block<i>.mlp_hidden", "block<i>.mlp_out", "block<i>.out", "final" (after
// ln_f). Attention probabilities are observable as "block<i>.attn.probs".
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "assay/nn/linear.hpp"
#include "assay/nn/norm.hpp"

namespace assay::nn {

enum class NormKind { layer, rms };
enum class MlpKind { gelu, swiglu };

// Plain values only, so that a checkpoint can carry it.
struct GptConfig {
  Index vocab = 256;
  Index context = 64;
  Index dim = 128;
  Index heads = 4;
  Index layers = 4;
  Index hidden = 0;  // MLP width; 0: 4 * dim
  NormKind norm = NormKind::layer;
  MlpKind mlp = MlpKind::gelu;
  bool bias = true;               // on every projection (and LayerNorm's shift)
  bool learned_positions = true;  // false: no positional embedding
  bool tied_unembedding = false;  // head = tok.weight
  bool causal = true;             // default mask; false: full attention (e.g. a ViT)
  bool bigram = false;            // a learned (vocab x vocab) table added to the logits
  bool attention_sink = false;    // a learned sink row every query can attend to
  double norm_eps = 1e-5;
  bool operator==(const GptConfig&) const = default;
};

// One affine map of the model, swappable in place: the plain Linear it starts as, a masked
// linear over the same weight, a LoRA adapter over it, or any function of the input.
template <class T = float>
class Projection {
 public:
  Projection() = default;
  Projection(std::string name, Linear<T> base) : name_(std::move(name)), base_(base) {}
  Var<T> operator()(Var<T> x) const;

  const std::string& name() const { return name_; }
  Linear<T>& base() { return base_; }
  // Multiplies the base weight by a 0/1 mask (all ones at first); returns it for editing.
  Mat<T>& use_mask();
  // Adds "<name>.lora_a" / "<name>.lora_b" to params and freezes the base (see LoraLinear).
  LoraLinear<T>& use_lora(ParameterSet<T>& params, Index rank, T alpha, Rng& rng);
  void use(std::function<Var<T>(Var<T>)> replacement) { custom_ = std::move(replacement); }
  // Back to the plain base layer.
  void reset();

 private:
  std::string name_;
  Linear<T> base_;
  std::shared_ptr<MaskedLinear<T>> masked_;
  std::shared_ptr<LoraLinear<T>> lora_;
  std::function<Var<T>(Var<T>)> custom_;
};

template <class T>
class KvCache;

template <class T = float>
class Gpt {
 public:
  Gpt(ParameterSet<T>& params, GptConfig config, Rng& rng, const std::string& name = "");
  Gpt(const Gpt&) = delete;  // projections point into the parameter set and each other
  Gpt& operator=(const Gpt&) = delete;
  Gpt(Gpt&&) noexcept;
  ~Gpt();

  // Logits (batch*T x vocab) of batch stacked sequences of T <= context tokens. mask: an
  // additive T x T mask replacing the default (causal, or none when config.causal is false).
  Var<T> logits(Tape<T>& tape, const std::vector<int>& tokens, Index batch,
                const Mat<T>& mask = Mat<T>()) const;
  // Mean next-token cross-entropy of logits(tokens) against targets (< 0: ignored).
  Var<T> loss(Tape<T>& tape, const std::vector<int>& tokens, const std::vector<int>& targets,
              Index batch, const Mat<T>& mask = Mat<T>()) const;

  // The pieces of logits(), for models fed with something else than tokens (a ViT's patch
  // embeddings): token + position embeddings; the blocks and final norm over any (batch*T x dim)
  // input (positions are added there if learned); the unembedding (+ the bigram table of
  // `tokens` when configured).
  Var<T> embed(Tape<T>& tape, const std::vector<int>& tokens) const;
  Var<T> add_positions(Var<T> x, Index batch) const;
  Var<T> transform(Var<T> x, Index batch, const Mat<T>& mask = Mat<T>()) const;
  Var<T> unembed(Var<T> hidden, const std::vector<int>& tokens = {}) const;

  // Incremental inference over a key/value cache (see kv_cache.hpp), for causal models with the
  // default mask, on a tape without gradients. `sequences` holds one sequence per cached one, of
  // at most context tokens, each continuing the tokens the cache holds by the same number n >= 1
  // of new tokens (the whole prompt on an empty cache). Returns the logits of the new tokens,
  // (batch * n x vocab), sequence b's from row b * n, equal to the rows of logits() over the
  // whole sequences up to rounding; the cache then holds the sequences. Tape hooks see only the
  // new rows; "block<i>.attn.probs" is not observed. Throws std::logic_error for a cache that
  // holds other tokens or was filled by another model, std::invalid_argument otherwise.
  Var<T> extend(Tape<T>& tape, KvCache<T>& cache,
                const std::vector<std::vector<int>>& sequences) const;

  const GptConfig& config() const { return config_; }
  // Throws std::out_of_range listing the closest name.
  Projection<T>& projection(std::string_view name);
  std::vector<std::string> projection_names() const;
  // abs_topk(k) at a named site (see above); k < 0 removes it. Throws for an unknown site.
  void set_topk(const std::string& site, Index k);
  std::vector<std::string> site_names() const;

 private:
  struct Parts;
  // One layer's attention over its (q, k, v): the full operation, or the cache's.
  using Attend = std::function<Var<T>(Index layer, Var<T> q, Var<T> k, Var<T> v)>;
  Var<T> site(const std::string& name, Var<T> x) const;
  Var<T> add_positions_from(Var<T> x, Index batch, Index first) const;
  Var<T> block(Index layer, Var<T> x, const Attend& attend) const;
  // The blocks and the final norm over embedded rows, with the sink prepended to each sequence
  // inside the blocks when `with_sink`.
  Var<T> stack(Var<T> x, Index batch, bool with_sink, const Attend& attend) const;
  Mat<T> effective_mask(Index length, const Mat<T>& mask) const;

  GptConfig config_;
  std::unique_ptr<Parts> parts_;
};

}  // namespace assay::nn
