#include "adam.hpp"

#include <cmath>

namespace assay::qnn_spectral {

void Adam::step(Eigen::VectorXd& theta, const Eigen::VectorXd& gradient) {
  if (m_.size() != theta.size()) {
    m_ = Eigen::VectorXd::Zero(theta.size());
    v_ = Eigen::VectorXd::Zero(theta.size());
  }
  ++t_;
  m_ = beta1_ * m_ + (1 - beta1_) * gradient;
  v_ = beta2_ * v_ + (1 - beta2_) * gradient.cwiseAbs2();
  const double c1 = 1 - std::pow(beta1_, double(t_)), c2 = 1 - std::pow(beta2_, double(t_));
  theta.array() -= lr_ * (m_.array() / c1) / ((v_.array() / c2).sqrt() + eps_);
}

}  // namespace assay::qnn_spectral
