// Adam (Kingma & Ba 2015) with bias correction on a flat parameter vector.
#pragma once

#include <Eigen/Core>

namespace assay::qnn_spectral {

class Adam {
 public:
  explicit Adam(double learning_rate, double beta1 = 0.9, double beta2 = 0.999, double eps = 1e-8)
      : lr_(learning_rate), beta1_(beta1), beta2_(beta2), eps_(eps) {}

  void step(Eigen::VectorXd& theta, const Eigen::VectorXd& gradient);

 private:
  double lr_, beta1_, beta2_, eps_;
  long t_ = 0;
  Eigen::VectorXd m_, v_;
};

}  // namespace assay::qnn_spectral
