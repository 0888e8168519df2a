// Prediction functions f_j: accuracy as a non-decreasing function of the number of training
// examples a firm trains on.
#pragma once

#include <vector>

namespace assay::data_exchange {

class LearningCurve {
 public:
  // a(d) = a_max - c d^(-alpha): the usual power-law fit of learning curves.
  static LearningCurve power_law(double a_max, double c, double alpha);
  // Measured points (sizes increasing). Made monotone by a running maximum (more data can
  // always be ignored), interpolated linearly in log d, constant beyond the measured range.
  static LearningCurve tabulated(std::vector<double> sizes, std::vector<double> accuracies);

  double operator()(double examples) const;

 private:
  bool tabulated_ = false;
  double a_max_ = 0, c_ = 0, alpha_ = 0;
  std::vector<double> log_sizes_, accuracies_;
};

}  // namespace assay::data_exchange
