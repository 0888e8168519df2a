#include "assay/nn/tape.hpp"

#include <string>

#include "tape_impl.hpp"

namespace assay::nn {

void throw_shape_error(const char* op, Index r1, Index c1, Index r2, Index c2) {
  throw std::invalid_argument("assay::nn: " + std::string(op) + ": incompatible shapes (" +
                              std::to_string(r1) + " x " + std::to_string(c1) + ") and (" +
                              std::to_string(r2) + " x " + std::to_string(c2) + ")");
}

template <class T>
const Mat<T>& Var<T>::value() const {
  return impl_of(*this).val(id_);
}

template <class T>
const Mat<T>& Var<T>::grad() const {
  return impl_of(*this).grad(id_);
}

template <class T>
bool Var<T>::requires_grad() const {
  return impl_of(*this).needs(id_);
}

template <class T>
T Var<T>::item() const {
  const Mat<T>& v = value();
  if (v.size() != 1) throw_shape_error("item", v.rows(), v.cols(), 1, 1);
  return v(0, 0);
}

template <class T>
Tape<T>::Tape() : impl_(std::make_unique<TapeImpl<T>>()) {}

template <class T>
Tape<T>::~Tape() = default;

template <class T>
Var<T> Tape<T>::constant(Mat<T> value) {
  return Var<T>(this, impl_->push(std::move(value), false, nullptr));
}

template <class T>
Var<T> Tape<T>::variable(Mat<T> value) {
  Node<T> n;
  n.value = std::move(value);
  n.requires_grad = impl_->grad_enabled;
  impl_->nodes.push_back(std::move(n));
  return Var<T>(this, static_cast<int>(impl_->nodes.size()) - 1);
}

template <class T>
Var<T> Tape<T>::param(Parameter<T>& p) {
  const bool wants_grad = impl_->grad_enabled && !p.frozen;
  auto [it, inserted] = impl_->param_nodes.try_emplace(&p, 0);
  // A node recorded under no-grad (or while frozen) is not reused once a gradient is wanted.
  if (!inserted && (impl_->nodes[it->second].requires_grad || !wants_grad)) {
    return Var<T>(this, it->second);
  }
  Node<T> n;
  n.value_ref = &p.value;
  n.requires_grad = wants_grad;
  if (n.requires_grad) {
    if (p.grad.rows() != p.value.rows() || p.grad.cols() != p.value.cols()) {
      p.grad.setZero(p.value.rows(), p.value.cols());
    }
    n.grad_ref = &p.grad;
  }
  impl_->nodes.push_back(std::move(n));
  it->second = static_cast<int>(impl_->nodes.size()) - 1;
  return Var<T>(this, it->second);
}

template <class T>
void Tape<T>::backward(Var<T> loss) {
  if (&loss.tape() != this) throw std::invalid_argument("assay::nn: backward: Var of another tape");
  const Mat<T>& v = loss.value();
  if (v.size() != 1)
    throw_shape_error("backward (the loss must be 1 x 1)", v.rows(), v.cols(), 1, 1);
  auto& nodes = impl_->nodes;
  for (auto& n : nodes) impl_->pool.give(n.grad);
  if (!nodes[loss.id()].requires_grad) return;
  impl_->accumulate(loss.id(), Mat<T>::Ones(1, 1));
  for (int id = loss.id(); id >= 0; --id) {
    Node<T>& n = nodes[id];
    if (n.backward && n.grad.size() != 0) n.backward(*impl_, id);
  }
}

template <class T>
void Tape<T>::clear() {
  impl_->recycle();
}

template <class T>
std::size_t Tape<T>::size() const {
  return impl_->nodes.size();
}

template <class T>
bool Tape<T>::grad_enabled() const {
  return impl_->grad_enabled;
}

template <class T>
void Tape<T>::set_grad_enabled(bool enabled) {
  impl_->grad_enabled = enabled;
}

template <class T>
void Tape<T>::set_hook(std::string name, Hook hook) {
  impl_->hooks.insert_or_assign(std::move(name), std::move(hook));
}

template <class T>
void Tape<T>::set_hook_all(Hook hook) {
  impl_->hook_all = std::move(hook);
}

template <class T>
void Tape<T>::clear_hooks() {
  impl_->hooks.clear();
  impl_->hook_all = nullptr;
}

template <class T>
bool Tape<T>::has_hook(std::string_view name) const {
  return impl_->hook_all || impl_->hooks.find(name) != impl_->hooks.end();
}

template <class T>
Var<T> Tape<T>::tap(std::string_view name, Var<T> x) {
  if (!has_hook(name)) return x;
  Mat<T> value = x.value();
  if (impl_->hook_all) impl_->hook_all(name, value);
  if (auto it = impl_->hooks.find(name); it != impl_->hooks.end()) it->second(name, value);
  if (value == x.value()) return x;
  const int in = x.id();
  return Var<T>(this,
                impl_->push(std::move(value), impl_->needs(in),
                            [in](TapeImpl<T>& t, int self) { t.accumulate(in, t.grad(self)); }));
}

template <class T>
void Tape<T>::observe(std::string_view name, const Mat<T>& value) {
  if (!has_hook(name)) return;
  Mat<T> copy = value;
  if (impl_->hook_all) impl_->hook_all(name, copy);
  if (auto it = impl_->hooks.find(name); it != impl_->hooks.end()) it->second(name, copy);
}

#define ASSAY_NN_INSTANTIATE(T) \
  template class Var<T>;        \
  template class Tape<T>;
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
