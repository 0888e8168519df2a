#include "velocity_field.hpp"

namespace assay::lowrank_collapse {

VelocityField::VelocityField(int dim, const FieldShape& shape, std::uint64_t seed) : dim_(dim) {
  nn::Rng rng(seed);
  std::vector<nn::Index> widths{dim + 1};
  for (int l = 0; l < shape.depth; ++l) widths.push_back(shape.width);
  widths.push_back(dim);
  mlp_ = nn::Mlp<float>(params_, "field", widths, shape.activation, rng);
  for (auto* w : weights()) w->value *= static_cast<float>(shape.init_scale);
}

nn::Var<float> VelocityField::operator()(nn::Tape<float>& tape, nn::Mat<float> input) const {
  return mlp_(tape.constant(std::move(input)));
}

Eigen::MatrixXd VelocityField::operator()(const Eigen::VectorXd& t,
                                          const Eigen::MatrixXd& x) const {
  nn::Mat<float> input(x.rows(), dim_ + 1);
  input.leftCols(dim_) = x.cast<float>();
  input.col(dim_) = t.cast<float>();
  nn::Tape<float> tape;
  tape.set_grad_enabled(false);
  return (*this)(tape, std::move(input)).value().cast<double>();
}

Eigen::MatrixXd VelocityField::operator()(double t, const Eigen::MatrixXd& x) const {
  return (*this)(Eigen::VectorXd::Constant(x.rows(), t), x);
}

std::vector<nn::Parameter<float>*> VelocityField::weights() const {
  std::vector<nn::Parameter<float>*> w;
  for (const auto& layer : mlp_.layers()) w.push_back(&layer.weight());
  return w;
}

}  // namespace assay::lowrank_collapse
