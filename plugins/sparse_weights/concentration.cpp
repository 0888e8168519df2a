#include "concentration.hpp"

#include <algorithm>
#include <vector>

namespace assay::sparse_weights {

double gini(const Eigen::VectorXd& values) {
  const auto n = static_cast<double>(values.size());
  const double total = values.sum();
  if (values.size() < 2 || !(total > 0)) return 0;
  std::vector<double> x(values.data(), values.data() + values.size());
  std::sort(x.begin(), x.end());
  double weighted = 0;
  for (std::size_t i = 0; i < x.size(); ++i) weighted += (2.0 * (i + 1) - n - 1) * x[i];
  return weighted / (n * total);
}

double mean_row_gini(const Eigen::MatrixXf& rows) {
  if (rows.rows() == 0) return 0;
  double sum = 0;
  for (Eigen::Index r = 0; r < rows.rows(); ++r)
    sum += gini(rows.row(r).transpose().cast<double>());
  return sum / static_cast<double>(rows.rows());
}

}  // namespace assay::sparse_weights
