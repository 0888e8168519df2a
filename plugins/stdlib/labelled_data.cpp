#include "labelled_data.hpp"

#include <assay/nn/matrix.hpp>
#include <cmath>
#include <numbers>

namespace assay::stdlib {
namespace {

std::vector<int> balanced_labels(int n, int classes) {
  std::vector<int> y(n);
  for (int i = 0; i < n; ++i) y[i] = i % classes;
  return y;
}

}  // namespace

LabelledData gaussian_clusters(int n, int dim, int classes, double noise, std::mt19937_64& rng) {
  const Eigen::MatrixXd centres = nn::normal_matrix<double>(classes, dim, 1.0, rng);
  LabelledData d{nn::normal_matrix<double>(n, dim, noise, rng), balanced_labels(n, classes)};
  for (int i = 0; i < n; ++i) d.x.row(i) += centres.row(d.y[i]);
  return d;
}

LabelledData spirals(int n, int dim, int classes, double noise, std::mt19937_64& rng) {
  LabelledData d{nn::normal_matrix<double>(n, dim, noise, rng), balanced_labels(n, classes)};
  constexpr double pi = std::numbers::pi;
  for (int i = 0; i < n; ++i) {
    const double t = nn::uniform01(rng);
    const double angle = 2 * pi * d.y[i] / classes + 3 * pi * t;
    d.x(i, 0) += t * std::cos(angle);
    d.x(i, 1) += t * std::sin(angle);
  }
  return d;
}

}  // namespace assay::stdlib
