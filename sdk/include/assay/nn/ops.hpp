// Differentiable operations on Vars. Shapes are (rows x cols), row-major; "per row" means per
// example. Binary elementwise operations broadcast a (1 x c) row, an (r x 1) column or a
// (1 x 1) scalar against an (r x c) matrix, in either argument. Shape errors throw
// std::invalid_argument naming the operation and both shapes.
#pragma once

#include <type_traits>
#include <vector>

#include "assay/nn/tape.hpp"

namespace assay::nn {

// ---- products
template <class T>
Var<T> matmul(Var<T> a, Var<T> b);  // a b
template <class T>
Var<T> matmul_nt(Var<T> a, Var<T> b);  // a b^T
template <class T>
Var<T> matmul_tn(Var<T> a, Var<T> b);  // a^T b
// x w^T + b, the fused affine map of a Linear layer: x (n x in), w (out x in), b (1 x out)
// added to every row, or (n x out) added entrywise, or invalid for none.
template <class T>
Var<T> affine(Var<T> x, Var<T> w, Var<T> b);

// ---- elementwise arithmetic (broadcasting)
template <class T>
Var<T> add(Var<T> a, Var<T> b);
template <class T>
Var<T> sub(Var<T> a, Var<T> b);
template <class T>
Var<T> mul(Var<T> a, Var<T> b);
template <class T>
Var<T> scale(Var<T> a, T factor);
template <class T>
Var<T> add_scalar(Var<T> a, T shift);
// Entrywise minimum and maximum (broadcasting); where a and b tie, each gets half the gradient,
// as torch.minimum / torch.maximum.
template <class T>
Var<T> minimum(Var<T> a, Var<T> b);
template <class T>
Var<T> maximum(Var<T> a, Var<T> b);

template <class T>
Var<T> operator+(Var<T> a, Var<T> b) {
  return add(a, b);
}
template <class T>
Var<T> operator-(Var<T> a, Var<T> b) {
  return sub(a, b);
}
template <class T>
Var<T> operator-(Var<T> a) {
  return scale(a, T(-1));
}
template <class T>
Var<T> operator*(Var<T> a, std::type_identity_t<T> s) {
  return scale(a, s);
}
template <class T>
Var<T> operator*(std::type_identity_t<T> s, Var<T> a) {
  return scale(a, s);
}

// ---- reductions and shape
template <class T>
Var<T> sum(Var<T> a);  // 1 x 1
template <class T>
Var<T> mean(Var<T> a);  // 1 x 1
template <class T>
Var<T> row_sums(Var<T> a);  // r x 1
template <class T>
Var<T> column_sums(Var<T> a);  // 1 x c
template <class T>
Var<T> transpose(Var<T> a);
// Same entries in row-major order, new shape (rows * cols must match).
template <class T>
Var<T> reshape(Var<T> a, Index rows, Index cols);
template <class T>
Var<T> concat_cols(const std::vector<Var<T>>& parts);
template <class T>
Var<T> concat_rows(const std::vector<Var<T>>& parts);
template <class T>
Var<T> slice_cols(Var<T> a, Index start, Index count);
template <class T>
Var<T> slice_rows(Var<T> a, Index start, Index count);
// Rows of `table` picked by index (an embedding lookup); the backward pass scatter-adds.
template <class T>
Var<T> gather_rows(Var<T> table, const std::vector<int>& rows);
// One entry per row, a(i, cols[i]) (a label's logit): (rows x 1).
template <class T>
Var<T> gather_cols(Var<T> a, const std::vector<int>& cols);
// log sum_j exp a(i, j) per row, (rows x 1), computed around the row maximum.
template <class T>
Var<T> logsumexp(Var<T> a);

// ---- activations
template <class T>
Var<T> relu(Var<T> a);
template <class T>
Var<T> leaky_relu(Var<T> a, T slope);
template <class T>
Var<T> gelu(Var<T> a);  // exact (erf) form, as torch's default
template <class T>
Var<T> silu(Var<T> a);
template <class T>
Var<T> tanh(Var<T> a);
template <class T>
Var<T> sigmoid(Var<T> a);
template <class T>
Var<T> softplus(Var<T> a);
template <class T>
Var<T> exp(Var<T> a);
template <class T>
Var<T> log(Var<T> a);
template <class T>
Var<T> square(Var<T> a);
template <class T>
Var<T> abs(Var<T> a);  // gradient sign(x), 0 at 0
template <class T>
Var<T> sqrt(Var<T> a);
// min(max(x, lo), hi); the gradient passes where lo <= x <= hi, as torch.clamp.
template <class T>
Var<T> clamp(Var<T> a, T lo, T hi);

// ---- normalisation
// Row softmax of a + mask. The additive mask (0 or -infinity, or any finite bias) has a's
// shape, or a's column count and a row count dividing a's (it then repeats down the rows,
// e.g. one T x T causal mask for B stacked sequences). A row masked entirely gives zeros.
template <class T>
Var<T> softmax(Var<T> a);
template <class T>
Var<T> softmax(Var<T> a, const Mat<T>& mask);
template <class T>
Var<T> log_softmax(Var<T> a);
// (x - mean) / sqrt(var + eps) * gain + bias per row; gain, bias (1 x d) or invalid for none.
template <class T>
Var<T> layer_norm(Var<T> x, Var<T> gain, Var<T> bias, T eps = T(1e-5));
// x / sqrt(mean(x^2) + eps) * gain per row; gain (1 x d) or invalid.
template <class T>
Var<T> rms_norm(Var<T> x, Var<T> gain, T eps = T(1e-6));

// ---- attention
// Multi-head scaled dot-product attention over `batch` stacked sequences. q, k, v are
// (batch*T x d) with d = heads * head_dim; head h uses columns [h*head_dim, (h+1)*head_dim).
// mask: additive T x T (see causal_mask) or empty for none. If `probs` is given it receives
// the attention probabilities, (batch*heads*T x T), block (b, h) at rows (b*heads + h)*T.
template <class T>
Var<T> attention(Var<T> q, Var<T> k, Var<T> v, Index batch, Index heads, const Mat<T>& mask,
                 Mat<T>* probs = nullptr);
// T x T: 0 where key <= query, -infinity after.
template <class T>
Mat<T> causal_mask(Index length);

// ---- sparsity, noise and gradient surgery
// Zeroes each entry with probability p and scales the rest by 1/(1-p).
template <class T>
Var<T> dropout(Var<T> a, T p, Rng& rng);
// Keeps the k entries of largest |x| in each row, zeroes the rest; gradient flows to kept ones.
template <class T>
Var<T> abs_topk(Var<T> a, Index k);
// Straight-through variants: the forward of abs_topk / x*1[|x|>threshold] / 1[x>threshold],
// the backward of the identity.
template <class T>
Var<T> abs_topk_ste(Var<T> a, Index k);
template <class T>
Var<T> hard_threshold_ste(Var<T> a, T threshold);
template <class T>
Var<T> binarize_ste(Var<T> a, T threshold);
// Identity forward, gradient multiplied by -factor (domain-adversarial training).
template <class T>
Var<T> gradient_reversal(Var<T> a, T factor = T(1));
// Same value, no gradient.
template <class T>
Var<T> stop_gradient(Var<T> a);

// ---- losses (all 1 x 1 means)
// Mean over rows of -log softmax(logits)[label]; rows labelled < 0 are ignored (0 if all are).
template <class T>
Var<T> cross_entropy(Var<T> logits, const std::vector<int>& labels);
// Mean over rows with nonzero target mass of -sum_j target_j log softmax(logits)_j.
template <class T>
Var<T> soft_cross_entropy(Var<T> logits, const Mat<T>& targets);
// Mean of the logistic loss over entries; `weights` (same shape, e.g. a 0/1 mask) weighs each
// entry and the mean divides by their sum. Empty weights: all ones.
template <class T>
Var<T> bce_with_logits(Var<T> logits, const Mat<T>& targets, const Mat<T>& weights = Mat<T>());
template <class T>
Var<T> mse(Var<T> prediction, const Mat<T>& target);

}  // namespace assay::nn
