// Reverse-mode automatic differentiation on a tape.
//
// Operations called on Vars compute their value at once and record how to push a gradient
// back to their inputs. Tape::backward(loss) runs those records in reverse and adds the
// gradients into the parameters' `grad`. A tape records one forward pass: clear() it (or use a
// fresh one) per training step. Tapes are not shared between threads.
//
// Every type and operation exists for float (training) and double (gradient checks).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "assay/nn/matrix.hpp"
#include "assay/nn/parameter.hpp"

namespace assay::nn {

template <class T>
class Tape;
template <class T>
struct TapeImpl;

// A handle to a value recorded on a tape; cheap to copy, valid until the tape is cleared.
template <class T = float>
class Var {
 public:
  Var() = default;
  Var(Tape<T>* tape, int id) : tape_(tape), id_(id) {}

  bool valid() const { return tape_ != nullptr; }
  Tape<T>& tape() const { return *tape_; }
  int id() const { return id_; }

  const Mat<T>& value() const;
  // The gradient of the last backward pass; an empty matrix if none reached this value.
  const Mat<T>& grad() const;
  bool requires_grad() const;
  Index rows() const { return value().rows(); }
  Index cols() const { return value().cols(); }
  // The value of a 1x1 Var.
  T item() const;

 private:
  Tape<T>* tape_ = nullptr;
  int id_ = -1;
};

template <class T = float>
class Tape {
 public:
  // Reads, and may overwrite, the value at a tapped point (activation patching).
  using Hook = std::function<void(std::string_view name, Mat<T>& value)>;

  Tape();
  ~Tape();
  Tape(const Tape&) = delete;  // Vars point at their tape
  Tape& operator=(const Tape&) = delete;

  // A value that never receives a gradient (inputs, targets, masks).
  Var<T> constant(Mat<T> value);
  // A value whose gradient backward() computes (read it with Var::grad()).
  Var<T> variable(Mat<T> value);
  // The parameter's value without copying; gradients accumulate into p.grad. Recording
  // the same parameter twice on one tape returns the same Var. Frozen parameters act
  // as constants.
  Var<T> param(Parameter<T>& p);

  // Back-propagates d(loss)/d(.) from a 1x1 loss. Intermediate gradients from a previous
  // backward pass on this tape are discarded; parameter gradients accumulate.
  void backward(Var<T> loss);
  // Forgets every recorded value; hooks and the grad mode stay.
  void clear();
  std::size_t size() const;

  // Without grad mode, operations record values only (evaluation, probes, patching).
  bool grad_enabled() const;
  void set_grad_enabled(bool enabled);

  // Hooks run when a layer (or the user) taps a named point, e.g. "block0.resid_mid".
  void set_hook(std::string name, Hook hook);
  // A hook that sees every tapped point; runs before the named hook.
  void set_hook_all(Hook hook);
  void clear_hooks();
  bool has_hook(std::string_view name) const;
  // Runs the hooks for `name` on x's value. If a hook changed it, the result is a new value
  // whose gradient passes straight through to x; otherwise x itself.
  Var<T> tap(std::string_view name, Var<T> x);
  // Shows a copy of `value` to the hooks for `name` (e.g. attention probabilities);
  // changes are ignored.
  void observe(std::string_view name, const Mat<T>& value);

  TapeImpl<T>& impl() { return *impl_; }
  const TapeImpl<T>& impl() const { return *impl_; }

 private:
  std::unique_ptr<TapeImpl<T>> impl_;
};

// Disables recording of gradients on a tape for a scope.
template <class T = float>
class NoGradScope {
 public:
  explicit NoGradScope(Tape<T>& tape) : tape_(tape), was_(tape.grad_enabled()) {
    tape_.set_grad_enabled(false);
  }
  ~NoGradScope() { tape_.set_grad_enabled(was_); }
  NoGradScope(const NoGradScope&) = delete;
  NoGradScope& operator=(const NoGradScope&) = delete;

 private:
  Tape<T>& tape_;
  bool was_;
};

}  // namespace assay::nn
