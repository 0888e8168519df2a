#include "sliced_wasserstein.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace assay::sbi_langevin {

double sliced_w2(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, int projections,
                 std::mt19937_64& rng) {
  if (a.rows() != b.rows() || a.cols() != b.cols())
    throw std::invalid_argument("sliced_w2: sample sets must have the same shape");
  std::normal_distribution<double> normal;
  std::vector<double> pa(a.rows()), pb(b.rows());
  double total = 0;
  for (int p = 0; p < projections; ++p) {
    Eigen::VectorXd u(a.cols());
    for (auto& x : u) x = normal(rng);
    u.normalize();
    Eigen::VectorXd::Map(pa.data(), a.rows()) = a * u;
    Eigen::VectorXd::Map(pb.data(), b.rows()) = b * u;
    std::sort(pa.begin(), pa.end());
    std::sort(pb.begin(), pb.end());
    double sq = 0;
    for (std::size_t i = 0; i < pa.size(); ++i) sq += (pa[i] - pb[i]) * (pa[i] - pb[i]);
    total += sq / static_cast<double>(pa.size());
  }
  return std::sqrt(total / projections);
}

}  // namespace assay::sbi_langevin
