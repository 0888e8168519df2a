// Recurrent cells, unrolled on the tape over time. Sequences are vectors of (batch x dim)
// Vars, one per time step.
#pragma once

#include <string>
#include <vector>

#include "assay/nn/linear.hpp"
#include "assay/nn/mlp.hpp"

namespace assay::nn {

// The states h_1..h_T of h_t = (1 - leak) h_{t-1} + leak f(d_t + h_{t-1} w_hh^T), stacked as
// (T*batch x hidden); `drive` stacks the input drives d_t the same way, h0 is (batch x hidden).
// One tape node for all steps (RnnCell::unroll uses it when no hook watches the states).
// f must satisfy recurrence_supports.
template <class T>
Var<T> recurrence(Var<T> drive, Var<T> w_hh, Var<T> h0, Activation f, T leak);
bool recurrence_supports(Activation f);

// h' = (1 - leak) h + leak f(x W_ih^T + h W_hh^T + b); leak = 1 is the vanilla RNN
// (torch.nn.RNNCell with one bias), leak = dt/tau a discretised leaky rate network.
// Parameters "<name>.weight_ih" (hidden x in), "<name>.weight_hh" (hidden x hidden),
// "<name>.bias" (1 x hidden), U(-1/sqrt(hidden), 1/sqrt(hidden)) as torch.
template <class T = float>
class RnnCell {
 public:
  RnnCell() = default;
  RnnCell(ParameterSet<T>& params, const std::string& name, Index in, Index hidden, Activation f,
          Rng& rng, T leak = T(1));
  Var<T> step(Var<T> x, Var<T> h) const;
  // States h_1..h_T from h0 (batch x hidden); each tapped as "<name>.h<t>". Without a hook on
  // those names (and with same-size batches, activation per recurrence_supports) the steps run
  // as one fused `recurrence` node; with one, step by step so that patched states propagate.
  std::vector<Var<T>> unroll(const std::vector<Var<T>>& xs, Var<T> h0) const;

  Index hidden() const { return w_hh_->value.rows(); }

 private:
  // The state update given the input drive x W_ih^T + b.
  Var<T> update(Var<T> input_drive, Var<T> h) const;

  std::string name_;
  Parameter<T>* w_ih_ = nullptr;
  Parameter<T>* w_hh_ = nullptr;
  Parameter<T>* bias_ = nullptr;
  Activation f_ = Activation::tanh;
  T leak_ = T(1);
};

// torch.nn.GRUCell: r = s(x W_ir + b_ir + h W_hr + b_hr), z likewise, n = tanh(x W_in + b_in
// + r (h W_hn + b_hn)), h' = (1 - z) n + z h. Parameters in torch's layout:
// "<name>.weight_ih" (3 hidden x in, rows r|z|n), "<name>.weight_hh" (3 hidden x hidden),
// "<name>.bias_ih", "<name>.bias_hh" (1 x 3 hidden).
template <class T = float>
class GruCell {
 public:
  GruCell() = default;
  GruCell(ParameterSet<T>& params, const std::string& name, Index in, Index hidden, Rng& rng);
  Var<T> step(Var<T> x, Var<T> h) const;
  std::vector<Var<T>> unroll(const std::vector<Var<T>>& xs, Var<T> h0) const;

  Index hidden() const { return w_hh_->value.cols(); }

 private:
  std::string name_;
  Parameter<T>* w_ih_ = nullptr;
  Parameter<T>* w_hh_ = nullptr;
  Parameter<T>* b_ih_ = nullptr;
  Parameter<T>* b_hh_ = nullptr;
};

}  // namespace assay::nn
