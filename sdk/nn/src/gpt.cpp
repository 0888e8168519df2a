#include "assay/nn/gpt.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "assay/nn/mlp.hpp"
#include "gpt_parts.hpp"
#include "tape_impl.hpp"

namespace assay::nn {

template <class T>
Var<T> Projection<T>::operator()(Var<T> x) const {
  if (custom_) return custom_(x);
  if (lora_) return (*lora_)(x);
  if (masked_) return (*masked_)(x);
  return base_(x);
}

template <class T>
Mat<T>& Projection<T>::use_mask() {
  if (lora_ || custom_) {
    throw std::logic_error("assay::nn: projection '" + name_ +
                           "' is already replaced; reset() it before masking");
  }
  if (!masked_) masked_ = std::make_shared<MaskedLinear<T>>(base_);
  return masked_->mask();
}

template <class T>
LoraLinear<T>& Projection<T>::use_lora(ParameterSet<T>& params, Index rank, T alpha, Rng& rng) {
  if (masked_ || custom_ || lora_) {
    throw std::logic_error("assay::nn: projection '" + name_ +
                           "' is already replaced; reset() it before adding LoRA");
  }
  lora_ = std::make_shared<LoraLinear<T>>(params, name_, base_, rank, alpha, rng);
  return *lora_;
}

template <class T>
void Projection<T>::reset() {
  masked_.reset();
  lora_.reset();
  custom_ = nullptr;
}

namespace {

std::string joined(const std::string& prefix, const std::string& name) {
  return prefix.empty() ? name : prefix + "." + name;
}

}  // namespace

template <class T>
Gpt<T>::Gpt(ParameterSet<T>& params, GptConfig config, Rng& rng, const std::string& name)
    : config_(config), parts_(std::make_unique<Parts>()) {
  const GptConfig& c = config_;
  if (c.vocab <= 0 || c.context <= 0 || c.layers < 0 || c.heads <= 0 || c.dim % c.heads != 0) {
    throw std::invalid_argument("assay::nn: Gpt: dim " + std::to_string(c.dim) +
                                " must be a positive multiple of heads " + std::to_string(c.heads) +
                                ", with vocab, context > 0");
  }
  Parts& p = *parts_;
  p.prefix = name;
  const auto full = [&](const std::string& n) { return joined(name, n); };
  const Index hidden = c.hidden > 0 ? c.hidden : 4 * c.dim;
  // GPT-2's N(0, 0.02) for the embeddings; projections keep torch.nn.Linear's default.
  p.tok = &params.add(full("tok.weight"), normal_matrix<T>(c.vocab, c.dim, T(0.02), rng));
  if (c.learned_positions) {
    p.pos = &params.add(full("pos.weight"), normal_matrix<T>(c.context, c.dim, T(0.02), rng));
  }
  if (c.attention_sink)
    p.sink = &params.add(full("sink"), normal_matrix<T>(1, c.dim, T(0.02), rng));
  const auto projection = [&](const std::string& n, Index in, Index out) {
    return Projection<T>(full(n), Linear<T>(params, full(n), in, out, rng, c.bias));
  };
  p.blocks.reserve(static_cast<std::size_t>(c.layers));
  for (Index l = 0; l < c.layers; ++l) {
    const std::string b = "block" + std::to_string(l);
    detail::GptBlock<T> blk{detail::GptNorm<T>(params, full(b + ".ln1"), c),
                            detail::GptNorm<T>(params, full(b + ".ln2"), c)};
    blk.q = projection(b + ".attn.q", c.dim, c.dim);
    blk.k = projection(b + ".attn.k", c.dim, c.dim);
    blk.v = projection(b + ".attn.v", c.dim, c.dim);
    blk.o = projection(b + ".attn.o", c.dim, c.dim);
    if (c.mlp == MlpKind::swiglu) blk.gate = projection(b + ".mlp.gate", c.dim, hidden);
    blk.up = projection(b + ".mlp.up", c.dim, hidden);
    blk.down = projection(b + ".mlp.down", hidden, c.dim);
    p.blocks.push_back(std::move(blk));
    p.block_sites.push_back({b + ".attn_in", b + ".attn.heads", b + ".attn.probs", b + ".attn_out",
                             b + ".resid_mid", b + ".mlp_in", b + ".mlp_hidden", b + ".mlp_out",
                             b + ".out"});
  }
  p.ln_f = std::make_unique<detail::GptNorm<T>>(params, full("ln_f"), c);
  p.head = c.tied_unembedding ? Projection<T>(full("head"), Linear<T>(*p.tok))
                              : projection("head", c.dim, c.vocab);
  if (c.bigram) p.bigram = &params.add(full("bigram.weight"), Mat<T>::Zero(c.vocab, c.vocab));
  for (auto& blk : p.blocks) {
    for (Projection<T>* pr : {&blk.q, &blk.k, &blk.v, &blk.o, &blk.up, &blk.down, &blk.gate}) {
      if (!pr->name().empty()) p.projections[pr->name()] = pr;
    }
  }
  p.projections[p.head.name()] = &p.head;
  p.embed_site = "embed";
  p.final_site = "final";
  p.sites = {p.embed_site};
  for (const auto& s : p.block_sites) {
    p.sites.insert(p.sites.end(), {s.attn_in, s.heads, s.attn_out, s.resid_mid, s.mlp_in,
                                   s.mlp_hidden, s.mlp_out, s.out});
  }
  p.sites.push_back(p.final_site);
}

template <class T>
Gpt<T>::Gpt(Gpt&&) noexcept = default;
template <class T>
Gpt<T>::~Gpt() = default;

template <class T>
Projection<T>& Gpt<T>::projection(std::string_view name) {
  const std::string full = joined(parts_->prefix, std::string(name));
  if (auto it = parts_->projections.find(full); it != parts_->projections.end()) return *it->second;
  throw std::out_of_range("assay::nn: Gpt has no projection '" + std::string(name) +
                          "'; projections are block<i>.attn.{q,k,v,o}, block<i>.mlp.{up,down" +
                          std::string(config_.mlp == MlpKind::swiglu ? ",gate" : "") +
                          "} and head");
}

template <class T>
std::vector<std::string> Gpt<T>::projection_names() const {
  std::vector<std::string> names;
  for (const auto& [n, p] : parts_->projections) names.push_back(n);
  return names;
}

template <class T>
void Gpt<T>::set_topk(const std::string& site, Index k) {
  const auto& sites = parts_->sites;
  if (std::find(sites.begin(), sites.end(), site) == sites.end()) {
    throw std::out_of_range("assay::nn: Gpt has no site '" + site +
                            "'; sites are embed, block<i>.{attn_in,attn.heads,attn_out,resid_mid,"
                            "mlp_in,mlp_hidden,mlp_out,out} and final");
  }
  if (k < 0) {
    parts_->topk.erase(site);
  } else {
    parts_->topk[site] = k;
  }
}

template <class T>
std::vector<std::string> Gpt<T>::site_names() const {
  return parts_->sites;
}

template <class T>
Var<T> Gpt<T>::site(const std::string& name, Var<T> x) const {
  if (auto it = parts_->topk.find(name); it != parts_->topk.end()) x = abs_topk(x, it->second);
  return x.tape().tap(name, x);
}

template <class T>
Mat<T> Gpt<T>::effective_mask(Index length, const Mat<T>& mask) const {
  Mat<T> m;
  if (mask.size() != 0) {
    if (mask.rows() != length || mask.cols() != length) {
      throw_shape_error("Gpt (mask)", mask.rows(), mask.cols(), length, length);
    }
    m = mask;
  } else if (config_.causal) {
    m = causal_mask<T>(length);
  }
  if (!config_.attention_sink) return m;
  // The sink is row and column 0: every query sees it; it sees only itself.
  Mat<T> with_sink = Mat<T>::Zero(length + 1, length + 1);
  with_sink.row(0).tail(length).setConstant(-std::numeric_limits<T>::infinity());
  if (m.size() != 0) with_sink.bottomRightCorner(length, length) = m;
  return with_sink;
}

template <class T>
Var<T> Gpt<T>::embed(Tape<T>& tape, const std::vector<int>& tokens) const {
  return gather_rows(tape.param(*parts_->tok), tokens);
}

template <class T>
Var<T> Gpt<T>::add_positions(Var<T> x, Index batch) const {
  return add_positions_from(x, batch, 0);
}

template <class T>
Var<T> Gpt<T>::add_positions_from(Var<T> x, Index batch, Index first) const {
  if (!parts_->pos) return x;
  if (batch <= 0 || x.rows() % batch != 0 || first + x.rows() / batch > config_.context) {
    throw_shape_error("Gpt (rows, batch)", x.rows(), x.cols(), batch, config_.context - first);
  }
  const Index length = x.rows() / batch;
  std::vector<int> positions(static_cast<std::size_t>(x.rows()));
  for (std::size_t i = 0; i < positions.size(); ++i) {
    positions[i] = static_cast<int>(first + static_cast<Index>(i) % length);
  }
  return add(x, gather_rows(x.tape().param(*parts_->pos), positions));
}

template <class T>
Var<T> Gpt<T>::block(Index layer, Var<T> x, const Attend& attend) const {
  const detail::GptBlock<T>& b = parts_->blocks[static_cast<std::size_t>(layer)];
  const auto& s = parts_->block_sites[static_cast<std::size_t>(layer)];
  const Var<T> h = site(s.attn_in, b.ln1(x));
  const Var<T> heads = site(s.heads, attend(layer, b.q(h), b.k(h), b.v(h)));
  const Var<T> mid = site(s.resid_mid, add(x, site(s.attn_out, b.o(heads))));
  const Var<T> m = site(s.mlp_in, b.ln2(mid));
  const Var<T> hidden =
      config_.mlp == MlpKind::swiglu ? mul(silu(b.gate(m)), b.up(m)) : gelu(b.up(m));
  const Var<T> out = site(s.mlp_out, b.down(site(s.mlp_hidden, hidden)));
  return site(s.out, add(mid, out));
}

template <class T>
Var<T> Gpt<T>::stack(Var<T> x, Index batch, bool with_sink, const Attend& attend) const {
  const Index length = x.rows() / batch;
  if (with_sink) {
    const Var<T> sink = x.tape().param(*parts_->sink);
    std::vector<Var<T>> rows;
    for (Index b = 0; b < batch; ++b)
      rows.insert(rows.end(), {sink, slice_rows(x, b * length, length)});
    x = concat_rows(rows);
  }
  for (Index l = 0; l < config_.layers; ++l) x = block(l, x, attend);
  if (with_sink) {
    std::vector<Var<T>> rows;
    for (Index b = 0; b < batch; ++b) rows.push_back(slice_rows(x, b * (length + 1) + 1, length));
    x = concat_rows(rows);
  }
  return site(parts_->final_site, (*parts_->ln_f)(x));
}

template <class T>
Var<T> Gpt<T>::transform(Var<T> x, Index batch, const Mat<T>& mask) const {
  if (batch <= 0 || x.rows() % batch != 0)
    throw_shape_error("Gpt (rows, batch)", x.rows(), x.cols(), batch, 1);
  x = site(parts_->embed_site, add_positions(x, batch));
  const Mat<T> m = effective_mask(x.rows() / batch, mask);
  const Attend full = [&](Index layer, Var<T> q, Var<T> k, Var<T> v) {
    const std::string& probs = parts_->block_sites[static_cast<std::size_t>(layer)].probs;
    Tape<T>& tape = q.tape();
    if (!tape.has_hook(probs)) return attention(q, k, v, batch, config_.heads, m);
    Mat<T> observed;
    const Var<T> mixed = attention(q, k, v, batch, config_.heads, m, &observed);
    tape.observe(probs, observed);
    return mixed;
  };
  return stack(x, batch, parts_->sink != nullptr, full);
}

template <class T>
Var<T> Gpt<T>::unembed(Var<T> hidden, const std::vector<int>& tokens) const {
  Var<T> logits = parts_->head(hidden);
  if (!parts_->bigram) return logits;
  if (static_cast<Index>(tokens.size()) != hidden.rows()) {
    throw_shape_error("Gpt (bigram tokens)", hidden.rows(), hidden.cols(),
                      static_cast<Index>(tokens.size()), 1);
  }
  return add(logits, gather_rows(hidden.tape().param(*parts_->bigram), tokens));
}

template <class T>
Var<T> Gpt<T>::logits(Tape<T>& tape, const std::vector<int>& tokens, Index batch,
                      const Mat<T>& mask) const {
  return unembed(transform(embed(tape, tokens), batch, mask), tokens);
}

template <class T>
Var<T> Gpt<T>::loss(Tape<T>& tape, const std::vector<int>& tokens, const std::vector<int>& targets,
                    Index batch, const Mat<T>& mask) const {
  return cross_entropy(logits(tape, tokens, batch, mask), targets);
}

#define ASSAY_NN_INSTANTIATE(T) \
  template class Projection<T>; \
  template class Gpt<T>;
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
