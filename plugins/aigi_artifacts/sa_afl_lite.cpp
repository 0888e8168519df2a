#include "sa_afl_lite.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace assay::aigi_artifacts {

Eigen::VectorXd channel_importance(const nn::Matrix& features, const nn::Matrix& head_weight,
                                   const nn::Matrix& logits, const nn::Matrix& targets) {
  Eigen::VectorXd importance = Eigen::VectorXd::Zero(features.cols());
  for (nn::Index b = 0; b < features.rows(); ++b) {
    const double residual = 1.0 / (1.0 + std::exp(-double(logits(b, 0)))) - targets(b, 0);
    for (nn::Index c = 0; c < features.cols(); ++c)
      importance(c) += std::abs(double(features(b, c)) * head_weight(0, c) * residual);
  }
  return importance / static_cast<double>(features.rows());
}

nn::Matrix mask_top_channels(const Eigen::VectorXd& importance, int k) {
  if (k < 0 || k >= importance.size())
    throw std::invalid_argument("masked_channels: " + std::to_string(k) + " outside [0, " +
                                std::to_string(importance.size()) + ")");
  std::vector<int> order(importance.size());
  std::iota(order.begin(), order.end(), 0);
  std::partial_sort(order.begin(), order.begin() + k, order.end(),
                    [&](int a, int b) { return importance(a) > importance(b); });
  nn::Matrix mask = nn::Matrix::Ones(1, importance.size());
  for (int i = 0; i < k; ++i) mask(0, order[i]) = 0;
  return mask;
}

}  // namespace assay::aigi_artifacts
