#include "count_geometry.hpp"

#include <Eigen/QR>
#include <Eigen/SVD>
#include <algorithm>
#include <assay/nn/matrix.hpp>
#include <assay/stats/spectrum.hpp>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>

namespace assay::counting_bottleneck {
namespace {

double mean_cos2(const Eigen::VectorXd& angles) { return angles.array().cos().square().mean(); }

// A uniformly (Haar) distributed rank-k subspace of R^dim: the Q of a Gaussian matrix.
Eigen::MatrixXd random_subspace(Eigen::Index dim, Eigen::Index k, std::mt19937_64& rng) {
  const Eigen::MatrixXd g = nn::normal_matrix<double>(dim, k, 1.0, rng);
  return Eigen::HouseholderQR<Eigen::MatrixXd>(g).householderQ() *
         Eigen::MatrixXd::Identity(dim, k);
}

double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
}

// The measured closeness against `samples` draws of a null.
Alignment against_null(const Eigen::MatrixXd& subspace, const Eigen::MatrixXd& span, int samples,
                       const std::function<Eigen::MatrixXd()>& draw) {
  if (samples < 1)
    throw std::invalid_argument("null_samples: " + std::to_string(samples) + " must be at least 1");
  Alignment a;
  a.angles = stats::principal_angles(subspace, span);
  a.mean_cos2 = mean_cos2(a.angles);
  std::vector<double> null;
  int closer = 0;
  for (int i = 0; i < samples; ++i) {
    const double c = mean_cos2(stats::principal_angles(draw(), span));
    null.push_back(c);
    closer += c >= a.mean_cos2;
  }
  double sum = 0;
  for (double c : null) sum += c;
  a.null_mean = sum / samples;
  a.null_q05 = quantile(null, 0.05);
  a.null_q95 = quantile(null, 0.95);
  a.p_closer = (1.0 + closer) / (1.0 + samples);
  return a;
}

}  // namespace

Eigen::MatrixXd count_subspace(const Eigen::MatrixXd& x, const std::vector<int>& labels, int rank) {
  std::map<int, std::pair<Eigen::RowVectorXd, int>> sums;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    auto& [sum, n] = sums[labels[i]];
    if (n == 0) sum = Eigen::RowVectorXd::Zero(x.cols());
    sum += x.row(static_cast<Eigen::Index>(i));
    ++n;
  }
  if (rank < 1 || rank >= static_cast<int>(sums.size()))
    throw std::invalid_argument("rank: " + std::to_string(rank) + " must be in 1.." +
                                std::to_string(sums.size() - 1) + " for " +
                                std::to_string(sums.size()) + " counts");
  Eigen::MatrixXd means(static_cast<Eigen::Index>(sums.size()), x.cols());
  Eigen::Index r = 0;
  for (const auto& [label, sum_n] : sums) means.row(r++) = sum_n.first / sum_n.second;
  means.rowwise() -= means.colwise().mean();
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(means, Eigen::ComputeThinV);
  return svd.matrixV().leftCols(rank);
}

Alignment align(const Eigen::MatrixXd& subspace, const Eigen::MatrixXd& rows, int null_samples,
                std::mt19937_64& rng) {
  const Eigen::MatrixXd span = rows.transpose();
  return against_null(subspace, span, null_samples,
                      [&] { return random_subspace(span.rows(), subspace.cols(), rng); });
}

Alignment align_shuffled(const Eigen::MatrixXd& x, const std::vector<int>& labels, int rank,
                         const Eigen::MatrixXd& rows, int null_samples, std::mt19937_64& rng) {
  std::vector<int> shuffled = labels;
  return against_null(count_subspace(x, labels, rank), rows.transpose(), null_samples, [&] {
    for (std::size_t i = shuffled.size(); i > 1; --i)  // Fisher-Yates on the raw bits
      std::swap(shuffled[i - 1], shuffled[rng() % i]);
    return count_subspace(x, shuffled, rank);
  });
}

}  // namespace assay::counting_bottleneck
