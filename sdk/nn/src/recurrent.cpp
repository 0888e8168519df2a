#include "assay/nn/recurrent.hpp"

#include <algorithm>
#include <cmath>

#include "tape_impl.hpp"

namespace assay::nn {

template <class T>
RnnCell<T>::RnnCell(ParameterSet<T>& params, const std::string& name, Index in, Index hidden,
                    Activation f, Rng& rng, T leak)
    : name_(name), f_(f), leak_(leak) {
  const T bound = T(1) / std::sqrt(static_cast<T>(hidden));
  w_ih_ = &params.add(name + ".weight_ih", uniform_matrix<T>(hidden, in, bound, rng));
  w_hh_ = &params.add(name + ".weight_hh", uniform_matrix<T>(hidden, hidden, bound, rng));
  bias_ = &params.add(name + ".bias", uniform_matrix<T>(1, hidden, bound, rng));
}

template <class T>
Var<T> RnnCell<T>::update(Var<T> input_drive, Var<T> h) const {
  const Var<T> next = activate(f_, affine(h, h.tape().param(*w_hh_), input_drive));
  if (leak_ == T(1)) return next;
  return add(scale(h, T(1) - leak_), scale(next, leak_));
}

template <class T>
Var<T> RnnCell<T>::step(Var<T> x, Var<T> h) const {
  Tape<T>& tape = x.tape();
  return update(affine(x, tape.param(*w_ih_), tape.param(*bias_)), h);
}

template <class T>
std::vector<Var<T>> RnnCell<T>::unroll(const std::vector<Var<T>>& xs, Var<T> h0) const {
  std::vector<Var<T>> hs;
  if (xs.empty()) return hs;
  hs.reserve(xs.size());
  Tape<T>& tape = h0.tape();
  std::vector<std::string> names;
  bool hooked = false;
  for (std::size_t t = 0; t < xs.size(); ++t) {
    names.push_back(name_ + ".h" + std::to_string(t + 1));
    hooked = hooked || tape.has_hook(names.back());
  }
  // One product for the input drive of all steps instead of one per step.
  const Var<T> drive = affine(concat_rows(xs), tape.param(*w_ih_), tape.param(*bias_));
  const bool same_batch =
      std::all_of(xs.begin(), xs.end(), [&](const Var<T>& x) { return x.rows() == h0.rows(); });
  // A hook may patch a state, which changes every later step: only the per-step path can
  // feed a patched state forward.
  if (!hooked && same_batch && h0.rows() > 0 && recurrence_supports(f_)) {
    const Var<T> states = recurrence(drive, tape.param(*w_hh_), h0, f_, leak_);
    for (std::size_t t = 0; t < xs.size(); ++t) {
      hs.push_back(slice_rows(states, static_cast<Index>(t) * h0.rows(), h0.rows()));
    }
    return hs;
  }
  Var<T> h = h0;
  Index row = 0;
  for (std::size_t t = 0; t < xs.size(); ++t) {
    h = update(slice_rows(drive, row, xs[t].rows()), h);
    row += xs[t].rows();
    h = tape.tap(names[t], h);
    hs.push_back(h);
  }
  return hs;
}

template <class T>
GruCell<T>::GruCell(ParameterSet<T>& params, const std::string& name, Index in, Index hidden,
                    Rng& rng)
    : name_(name) {
  const T bound = T(1) / std::sqrt(static_cast<T>(hidden));
  w_ih_ = &params.add(name + ".weight_ih", uniform_matrix<T>(3 * hidden, in, bound, rng));
  w_hh_ = &params.add(name + ".weight_hh", uniform_matrix<T>(3 * hidden, hidden, bound, rng));
  b_ih_ = &params.add(name + ".bias_ih", uniform_matrix<T>(1, 3 * hidden, bound, rng));
  b_hh_ = &params.add(name + ".bias_hh", uniform_matrix<T>(1, 3 * hidden, bound, rng));
}

template <class T>
Var<T> GruCell<T>::step(Var<T> x, Var<T> h) const {
  Tape<T>& tape = x.tape();
  const Index n = hidden();
  const Var<T> gi = affine(x, tape.param(*w_ih_), tape.param(*b_ih_));
  const Var<T> gh = affine(h, tape.param(*w_hh_), tape.param(*b_hh_));
  const Var<T> rz = sigmoid(add(slice_cols(gi, 0, 2 * n), slice_cols(gh, 0, 2 * n)));
  const Var<T> r = slice_cols(rz, 0, n);
  const Var<T> z = slice_cols(rz, n, n);
  const Var<T> cand = tanh(add(slice_cols(gi, 2 * n, n), mul(r, slice_cols(gh, 2 * n, n))));
  // (1 - z) n + z h = n + z (h - n)
  return add(cand, mul(z, sub(h, cand)));
}

template <class T>
std::vector<Var<T>> GruCell<T>::unroll(const std::vector<Var<T>>& xs, Var<T> h0) const {
  std::vector<Var<T>> hs;
  hs.reserve(xs.size());
  Var<T> h = h0;
  for (std::size_t t = 0; t < xs.size(); ++t) {
    h = step(xs[t], h);
    h = h.tape().tap(name_ + ".h" + std::to_string(t + 1), h);
    hs.push_back(h);
  }
  return hs;
}

#define ASSAY_NN_INSTANTIATE(T) \
  template class RnnCell<T>;    \
  template class GruCell<T>;
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
