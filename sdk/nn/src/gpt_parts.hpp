// The layers of an nn::Gpt, shared by its full forward pass (gpt.cpp) and its incremental one
// over a key/value cache (gpt_extend.cpp).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "assay/nn/gpt.hpp"

namespace assay::nn::detail {

template <class T>
struct GptNorm {
  NormKind kind = NormKind::layer;
  LayerNorm<T> layer;
  RmsNorm<T> rms;
  GptNorm(ParameterSet<T>& params, const std::string& name, const GptConfig& c) : kind(c.norm) {
    if (kind == NormKind::layer) {
      layer = LayerNorm<T>(params, name, c.dim, static_cast<T>(c.norm_eps));
    } else {
      rms = RmsNorm<T>(params, name, c.dim, static_cast<T>(c.norm_eps));
    }
  }
  Var<T> operator()(Var<T> x) const { return kind == NormKind::layer ? layer(x) : rms(x); }
};

template <class T>
struct GptBlock {
  GptNorm<T> ln1, ln2;
  Projection<T> q, k, v, o, up, gate, down;
};

}  // namespace assay::nn::detail

namespace assay::nn {

template <class T>
struct Gpt<T>::Parts {
  std::string prefix;
  Parameter<T>* tok = nullptr;
  Parameter<T>* pos = nullptr;
  Parameter<T>* sink = nullptr;
  Parameter<T>* bigram = nullptr;
  std::vector<detail::GptBlock<T>> blocks;
  std::unique_ptr<detail::GptNorm<T>> ln_f;
  Projection<T> head;
  std::map<std::string, Projection<T>*, std::less<>> projections;
  std::map<std::string, Index, std::less<>> topk;
  std::vector<std::string> sites;
  // Site names per layer, built once: the forward pass taps them every step.
  struct BlockSites {
    std::string attn_in, heads, probs, attn_out, resid_mid, mlp_in, mlp_hidden, mlp_out, out;
  };
  std::vector<BlockSites> block_sites;
  std::string embed_site, final_site;
};

}  // namespace assay::nn
