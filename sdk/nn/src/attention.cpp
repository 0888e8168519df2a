#include "assay/nn/attention.hpp"

#include <stdexcept>

#include "tape_impl.hpp"

namespace assay::nn {

template <class T>
MultiHeadAttention<T>::MultiHeadAttention(ParameterSet<T>& params, const std::string& name,
                                          Index dim, Index heads, Rng& rng)
    : name_(name),
      q_(params, name + ".q", dim, dim, rng),
      k_(params, name + ".k", dim, dim, rng),
      v_(params, name + ".v", dim, dim, rng),
      o_(params, name + ".o", dim, dim, rng),
      heads_(heads) {
  if (heads <= 0 || dim % heads != 0) {
    throw std::invalid_argument("assay::nn: MultiHeadAttention '" + name + "': dim " +
                                std::to_string(dim) + " is not a multiple of heads " +
                                std::to_string(heads));
  }
}

template <class T>
Var<T> MultiHeadAttention<T>::operator()(Var<T> x, Index batch, const Mat<T>& mask) const {
  Tape<T>& tape = x.tape();
  const std::string probs_name = name_ + ".probs";
  if (!tape.has_hook(probs_name)) return o_(attention(q_(x), k_(x), v_(x), batch, heads_, mask));
  Mat<T> probs;
  const Var<T> mixed = attention(q_(x), k_(x), v_(x), batch, heads_, mask, &probs);
  tape.observe(probs_name, probs);
  return o_(mixed);
}

template <class T>
TransformerBlock<T>::TransformerBlock(ParameterSet<T>& params, const std::string& name, Index dim,
                                      Index heads, Index hidden, Rng& rng)
    : name_(name),
      ln1_(params, name + ".ln1", dim),
      ln2_(params, name + ".ln2", dim),
      attn_(params, name + ".attn", dim, heads, rng),
      fc1_(params, name + ".mlp.0", dim, hidden, rng),
      fc2_(params, name + ".mlp.1", hidden, dim, rng) {}

template <class T>
Var<T> TransformerBlock<T>::operator()(Var<T> x, Index batch, const Mat<T>& mask) const {
  Tape<T>& tape = x.tape();
  const Var<T> attended = tape.tap(name_ + ".attn_out", attn_(ln1_(x), batch, mask));
  const Var<T> mid = tape.tap(name_ + ".resid_mid", add(x, attended));
  const Var<T> hidden = tape.tap(name_ + ".mlp_hidden", gelu(fc1_(ln2_(mid))));
  const Var<T> mlp_out = tape.tap(name_ + ".mlp_out", fc2_(hidden));
  return tape.tap(name_ + ".out", add(mid, mlp_out));
}

#define ASSAY_NN_INSTANTIATE(T)         \
  template class MultiHeadAttention<T>; \
  template class TransformerBlock<T>;
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
