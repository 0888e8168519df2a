// An MLP velocity field v(t, x): input (x, t), `depth` hidden layers of `width` units, output
// of x's dimension; initial weights (not biases) are torch.nn.Linear's scaled by init_scale.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "assay/nn/nn.hpp"

namespace assay::lowrank_collapse {

struct FieldShape {
  int width = 64;
  int depth = 2;
  nn::Activation activation = nn::Activation::silu;
  double init_scale = 1;
};

class VelocityField {
 public:
  VelocityField(int dim, const FieldShape& shape, std::uint64_t seed);
  VelocityField(VelocityField&&) = default;
  VelocityField& operator=(VelocityField&&) = default;

  // The velocities of the rows of `input` ((x, t) per row) on `tape`.
  nn::Var<float> operator()(nn::Tape<float>& tape, nn::Mat<float> input) const;
  // v(t, x) for a batch of points, without gradients: the right-hand side of the sampler's ODE.
  Eigen::MatrixXd operator()(double t, const Eigen::MatrixXd& x) const;
  // v at a different time per row.
  Eigen::MatrixXd operator()(const Eigen::VectorXd& t, const Eigen::MatrixXd& x) const;

  nn::ParameterSet<float>& params() { return params_; }
  // Every layer's weight matrix, input layer first.
  std::vector<nn::Parameter<float>*> weights() const;
  int dim() const { return dim_; }

 private:
  int dim_ = 0;
  nn::ParameterSet<float> params_;
  nn::Mlp<float> mlp_;
};

}  // namespace assay::lowrank_collapse
