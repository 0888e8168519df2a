#include "assay/nn/optim.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "tape_impl.hpp"

namespace assay::nn {
namespace {

// Zeros of p's shape, created the first time parameter `index` is updated.
template <class T>
Mat<T>& state_of(std::vector<Mat<T>>& states, std::size_t index, const Parameter<T>& p) {
  if (states.size() <= index) states.resize(index + 1);
  if (states[index].size() != p.value.size()) states[index].setZero(p.value.rows(), p.value.cols());
  return states[index];
}

}  // namespace

template <class T>
Optimizer<T>::Optimizer(ParameterSet<T>& params, T lr) : params_(params), lr_(lr) {}

template <class T>
Optimizer<T>::~Optimizer() = default;

template <class T>
void Optimizer<T>::step() {
  ++steps_;
  for (std::size_t i = 0; i < params_.size(); ++i) {
    Parameter<T>& p = params_.at(i);
    if (p.frozen || p.grad.size() != p.value.size()) continue;
    update(i, p);
    if (projection_) projection_(p);
  }
}

template <class T>
Sgd<T>::Sgd(ParameterSet<T>& params, SgdOptions options)
    : Optimizer<T>(params, static_cast<T>(options.lr)), options_(options) {}

template <class T>
void Sgd<T>::update(std::size_t index, Parameter<T>& p) {
  Mat<T> g = p.grad;
  if (options_.weight_decay != 0) g += static_cast<T>(options_.weight_decay) * p.value;
  if (options_.momentum != 0) {
    Mat<T>& v = state_of(velocity_, index, p);
    const T mu = static_cast<T>(options_.momentum);
    // torch: the first step copies the gradient into the buffer.
    v = this->steps_ == 1 ? g : Mat<T>(mu * v + g);
    g = options_.nesterov ? Mat<T>(g + mu * v) : v;
  }
  p.value -= this->lr_ * g;
}

template <class T>
Adam<T>::Adam(ParameterSet<T>& params, AdamOptions options)
    : Optimizer<T>(params, static_cast<T>(options.lr)), options_(options) {}

template <class T>
GroupOf<T> decay_matrices_only(double weight_decay) {
  return [weight_decay](const Parameter<T>& p) {
    return ParameterGroup{1, p.value.rows() == 1 ? 0.0 : weight_decay};
  };
}

template <class T>
void Adam<T>::update(std::size_t index, Parameter<T>& p) {
  ParameterGroup group{1, options_.weight_decay};
  if (group_of_) {
    if (groups_.size() <= index) groups_.resize(index + 1);
    if (!groups_[index]) groups_[index] = group_of_(p);
    group = *groups_[index];
  }
  const T b1 = static_cast<T>(options_.beta1), b2 = static_cast<T>(options_.beta2);
  const T wd = static_cast<T>(group.weight_decay);
  const T lr = this->lr_ * static_cast<T>(group.lr_scale);
  Mat<T>& m = state_of(m_, index, p);
  Mat<T>& v = state_of(v_, index, p);
  if (wd != 0 && options_.decoupled) p.value *= T(1) - lr * wd;
  const auto g = [&] {
    if (wd != 0 && !options_.decoupled) return Mat<T>(p.grad + wd * p.value);
    return p.grad;
  }();
  m = b1 * m + (T(1) - b1) * g;
  v.array() = b2 * v.array() + (T(1) - b2) * g.array().square();
  const double t = static_cast<double>(this->steps_);
  const T c1 = static_cast<T>(1 - std::pow(options_.beta1, t));
  const T c2 = static_cast<T>(std::sqrt(1 - std::pow(options_.beta2, t)));
  const T eps = static_cast<T>(options_.eps);
  p.value.array() -= (lr / c1) * m.array() / (v.array().sqrt() / c2 + eps);
}

template <class T>
OptimizerState<T> Adam<T>::state() const {
  OptimizerState<T> out{this->steps_, {}};
  for (std::size_t i = 0; i < m_.size() && i < this->params_.size(); ++i) {
    if (m_[i].size() == 0) continue;  // never updated
    const std::string& name = this->params_.at(i).name;
    for (auto [suffix, m] : {std::pair{".exp_avg", &m_[i]}, std::pair{".exp_avg_sq", &v_[i]}}) {
      out.arrays.push_back(
          {name + suffix, {m->rows(), m->cols()}, {m->data(), m->data() + m->size()}});
    }
  }
  return out;
}

template <class T>
void Adam<T>::load_state(const OptimizerState<T>& state) {
  ParameterSet<T> moments;  // "<name>.exp_avg" etc. checked and shaped like the parameters
  for (std::size_t i = 0; i < this->params_.size(); ++i) {
    const Parameter<T>& p = this->params_.at(i);
    moments.add(p.name + ".exp_avg", Mat<T>::Zero(p.value.rows(), p.value.cols()));
    moments.add(p.name + ".exp_avg_sq", Mat<T>::Zero(p.value.rows(), p.value.cols()));
  }
  import_arrays(moments, state.arrays);
  m_.assign(this->params_.size(), Mat<T>());
  v_.assign(this->params_.size(), Mat<T>());
  for (const auto& a : state.arrays) {
    const bool second = a.name.ends_with(".exp_avg_sq");
    const std::string base = a.name.substr(0, a.name.size() - (second ? 11 : 8));
    for (std::size_t i = 0; i < this->params_.size(); ++i) {
      if (this->params_.at(i).name == base) (second ? v_ : m_)[i] = moments[a.name].value;
    }
  }
  this->set_steps(state.steps);
}

template <class T>
RmsProp<T>::RmsProp(ParameterSet<T>& params, RmsPropOptions options)
    : Optimizer<T>(params, static_cast<T>(options.lr)), options_(options) {}

template <class T>
void RmsProp<T>::update(std::size_t index, Parameter<T>& p) {
  const T alpha = static_cast<T>(options_.alpha), eps = static_cast<T>(options_.eps);
  Mat<T> g = p.grad;
  if (options_.weight_decay != 0) g += static_cast<T>(options_.weight_decay) * p.value;
  Mat<T>& sq = state_of(square_avg_, index, p);
  sq.array() = alpha * sq.array() + (T(1) - alpha) * g.array().square();
  const Mat<T> step = (g.array() / (sq.array().sqrt() + eps)).matrix();
  if (options_.momentum != 0) {
    Mat<T>& buf = state_of(buffer_, index, p);
    buf = static_cast<T>(options_.momentum) * buf + step;
    p.value -= this->lr_ * buf;
  } else {
    p.value -= this->lr_ * step;
  }
}

template <class T>
T clip_grad_norm(ParameterSet<T>& params, T max_norm) {
  double total = 0;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (!params.at(i).frozen) total += static_cast<double>(params.at(i).grad.squaredNorm());
  }
  const T norm = static_cast<T>(std::sqrt(total));
  if (norm > max_norm && norm > T(0)) {
    const T factor = max_norm / norm;
    for (std::size_t i = 0; i < params.size(); ++i) {
      if (!params.at(i).frozen) params.at(i).grad *= factor;
    }
  }
  return norm;
}

template <class T>
T scale_grad_by_rms(ParameterSet<T>& params, T target) {
  double total = 0;
  Index count = 0;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (params.at(i).frozen) continue;
    total += static_cast<double>(params.at(i).grad.squaredNorm());
    count += params.at(i).grad.size();
  }
  const double rms = count > 0 ? std::sqrt(total / static_cast<double>(count)) : 0.0;
  if (rms > 0) {
    const T factor = static_cast<T>(static_cast<double>(target) / rms);
    for (std::size_t i = 0; i < params.size(); ++i) {
      if (!params.at(i).frozen) params.at(i).grad *= factor;
    }
  }
  return static_cast<T>(rms);
}

template <class T>
void keep_top_k_by_magnitude(Mat<T>& m, Index k) {
  if (k >= m.size()) return;
  std::vector<Index> order(static_cast<std::size_t>(m.size()));
  std::iota(order.begin(), order.end(), Index{0});
  const T* d = m.data();
  std::nth_element(order.begin(), order.begin() + std::max<Index>(k, 0), order.end(),
                   [d](Index a, Index b) {
                     const T fa = std::abs(d[a]), fb = std::abs(d[b]);
                     return fa > fb || (fa == fb && a < b);
                   });
  for (std::size_t j = static_cast<std::size_t>(std::max<Index>(k, 0)); j < order.size(); ++j) {
    m.data()[order[j]] = T(0);
  }
}

#define ASSAY_NN_INSTANTIATE(T)                       \
  template class Optimizer<T>;                        \
  template class Sgd<T>;                              \
  template class Adam<T>;                             \
  template class RmsProp<T>;                          \
  template T clip_grad_norm(ParameterSet<T>&, T);     \
  template T scale_grad_by_rms(ParameterSet<T>&, T);  \
  template GroupOf<T> decay_matrices_only<T>(double); \
  template void keep_top_k_by_magnitude(Mat<T>&, Index);
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
