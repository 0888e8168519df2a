// Optimisers over a ParameterSet. Frozen parameters are skipped. After each update the
// optional projection runs on every updated parameter (e.g. keep_top_k_by_magnitude to train
// weight-sparse models).
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "assay/nn/parameter.hpp"

namespace assay::nn {

template <class T = float>
class Optimizer {
 public:
  using Projection = std::function<void(Parameter<T>& p)>;

  Optimizer(ParameterSet<T>& params, T lr);
  virtual ~Optimizer();
  Optimizer(const Optimizer&) = delete;
  Optimizer& operator=(const Optimizer&) = delete;

  // One update from the parameters' current gradients, then the projection.
  void step();
  void zero_grad() { params_.zero_grad(); }
  void set_lr(T lr) { lr_ = lr; }
  T lr() const { return lr_; }
  long steps() const { return steps_; }
  void set_projection(Projection projection) { projection_ = std::move(projection); }
  void set_steps(long steps) { steps_ = steps; }

 protected:
  // Updates parameter `index` of the set (state vectors are indexed alike).
  virtual void update(std::size_t index, Parameter<T>& p) = 0;
  ParameterSet<T>& params_;
  T lr_;
  long steps_ = 0;

 private:
  Projection projection_;
};

struct SgdOptions {
  double lr = 0.01;
  double momentum = 0;
  double weight_decay = 0;  // L2 added to the gradient, as torch.optim.SGD
  bool nesterov = false;
};

template <class T = float>
class Sgd : public Optimizer<T> {
 public:
  Sgd(ParameterSet<T>& params, SgdOptions options);

 private:
  void update(std::size_t index, Parameter<T>& p) override;
  SgdOptions options_;
  std::vector<Mat<T>> velocity_;
};

struct AdamOptions {
  double lr = 1e-3;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double eps = 1e-8;
  double weight_decay = 0;
  // true: AdamW's decoupled decay p -= lr wd p; false: L2 added to the gradient (Adam).
  bool decoupled = true;
};

// A parameter group's settings: its learning rate is lr_scale times the optimiser's (so
// schedules still apply), and its own weight decay.
struct ParameterGroup {
  double lr_scale = 1;
  double weight_decay = 0;
};
template <class T>
using GroupOf = std::function<ParameterGroup(const Parameter<T>& p)>;

// The usual AdamW split: weight_decay for matrices, none for (1 x n) parameters, which in this
// library are the biases and the norms' gains and shifts (torch's "dim < 2" rule).
template <class T>
GroupOf<T> decay_matrices_only(double weight_decay);

template <class T>
struct OptimizerState {
  long steps = 0;
  std::vector<NamedArray<T>> arrays;
  bool operator==(const OptimizerState&) const = default;
};

// Adam with bias correction, as torch.optim.Adam / AdamW.
template <class T = float>
class Adam : public Optimizer<T> {
 public:
  Adam(ParameterSet<T>& params, AdamOptions options);
  // Per-parameter groups (torch's param_groups), replacing options.weight_decay; each
  // parameter's group is asked for once, on its first update.
  void set_groups(GroupOf<T> group_of) {
    group_of_ = std::move(group_of);
    groups_.clear();
  }
  // The moment estimates ("<parameter>.exp_avg", "<parameter>.exp_avg_sq", torch's names) and
  // the step count, so training can stop and resume elsewhere exactly.
  OptimizerState<T> state() const;
  // Restores a state() of an Adam over a set with the same parameter names and shapes.
  void load_state(const OptimizerState<T>& state);

 private:
  void update(std::size_t index, Parameter<T>& p) override;
  AdamOptions options_;
  std::vector<Mat<T>> m_, v_;
  GroupOf<T> group_of_;
  std::vector<std::optional<ParameterGroup>> groups_;
};

struct RmsPropOptions {
  double lr = 1e-2;
  double alpha = 0.99;
  double eps = 1e-8;
  double momentum = 0;
  double weight_decay = 0;
};

// torch.optim.RMSprop (not centred).
template <class T = float>
class RmsProp : public Optimizer<T> {
 public:
  RmsProp(ParameterSet<T>& params, RmsPropOptions options);

 private:
  void update(std::size_t index, Parameter<T>& p) override;
  RmsPropOptions options_;
  std::vector<Mat<T>> square_avg_, buffer_;
};

// Scales all non-frozen gradients so their joint L2 norm is at most max_norm; returns the
// norm before clipping.
template <class T>
T clip_grad_norm(ParameterSet<T>& params, T max_norm);

// Divides all non-frozen gradients by their joint root mean square (over every entry) times
// 1 / target, so that it becomes `target`; returns the RMS before scaling (gradients that are all
// zero are left alone).
template <class T>
T scale_grad_by_rms(ParameterSet<T>& params, T target = T(1));

// Zeroes all but the k entries of largest magnitude (ties: lower row-major index kept).
template <class T>
void keep_top_k_by_magnitude(Mat<T>& m, Index k);

}  // namespace assay::nn
