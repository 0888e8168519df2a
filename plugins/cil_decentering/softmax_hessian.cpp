#include "softmax_hessian.hpp"

#include <algorithm>

namespace assay::cil_decentering {
namespace {

constexpr Eigen::Index kBlock = 512;               // samples per partial sum
constexpr Eigen::Index kMaxPairEntries = 1 << 23;  // 64 MiB of feature pairs at most
constexpr int kMinClassesForPairs = 4;  // below, the product over class pairs is too thin

Eigen::MatrixXd pairwise_products(const Eigen::MatrixXd& x) {
  const Eigen::Index m = x.cols();
  const Eigen::MatrixXd samples = x.transpose();  // one column per sample
  Eigen::MatrixXd out(m * (m + 1) / 2, x.rows());
  for (Eigen::Index i = 0; i < x.rows(); ++i)
    for (Eigen::Index a = 0, f = 0; a < m; ++a)
      for (Eigen::Index b = a; b < m; ++b, ++f) out(f, i) = samples(a, i) * samples(b, i);
  return out;
}

}  // namespace

SoftmaxHessian::SoftmaxHessian(const Eigen::MatrixXd& x, int classes) : x_(x) {
  const Eigen::Index pairs = x.cols() * (x.cols() + 1) / 2;
  if (classes >= kMinClassesForPairs && pairs * x.rows() <= kMaxPairEntries)
    feature_pairs_ = pairwise_products(x);
}

Eigen::MatrixXd SoftmaxHessian::operator()(const Eigen::MatrixXd& p) const {
  return feature_pairs_.size() > 0 ? from_feature_pairs(p) : from_rank_updates(p);
}

Eigen::MatrixXd SoftmaxHessian::from_feature_pairs(const Eigen::MatrixXd& p) const {
  const Eigen::Index n = x_.rows(), k_total = p.cols(), m = x_.cols();
  // Column c(k, l), k < l: p_ik p_il. The diagonal blocks need no pass of their own: since
  // sum_l p_il = 1, p_ik - p_ik^2 = sum_{l != k} p_ik p_il, so H_kk = -sum_{l != k} H_kl.
  Eigen::MatrixXi column = Eigen::MatrixXi::Constant(k_total, k_total, -1);
  Eigen::Index class_pairs = 0;
  for (Eigen::Index k = 0; k < k_total; ++k)
    for (Eigen::Index l = k + 1; l < k_total; ++l)
      column(k, l) = column(l, k) = static_cast<int>(class_pairs++);
  // Summed over blocks of samples so the products stay small and cache-resident.
  Eigen::MatrixXd sums = Eigen::MatrixXd::Zero(feature_pairs_.rows(), class_pairs);
  Eigen::MatrixXd weights(kBlock, class_pairs);
  for (Eigen::Index start = 0; start < n; start += kBlock) {
    const Eigen::Index rows = std::min(kBlock, n - start);
    for (Eigen::Index k = 0; k < k_total; ++k)
      for (Eigen::Index l = k + 1; l < k_total; ++l)
        weights.col(column(k, l)).head(rows) =
            p.col(k).segment(start, rows).cwiseProduct(p.col(l).segment(start, rows));
    sums.noalias() += feature_pairs_.middleCols(start, rows) * weights.topRows(rows);
  }
  sums /= double(n);
  Eigen::MatrixXd h(k_total * m, k_total * m);
  for (Eigen::Index k = 0; k < k_total; ++k)
    for (Eigen::Index l = k; l < k_total; ++l)
      for (Eigen::Index a = 0, f = 0; a < m; ++a)
        for (Eigen::Index b = a; b < m; ++b, ++f) {
          double v = 0;
          if (k < l) {
            v = -sums(f, column(k, l));
          } else {
            for (Eigen::Index j = 0; j < k_total; ++j)
              if (j != k) v += sums(f, column(k, j));
          }
          h(k * m + a, l * m + b) = h(k * m + b, l * m + a) = v;
          h(l * m + a, k * m + b) = h(l * m + b, k * m + a) = v;
        }
  return h;
}

Eigen::MatrixXd SoftmaxHessian::from_rank_updates(const Eigen::MatrixXd& p) const {
  const Eigen::Index n = x_.rows(), k_total = p.cols(), m = x_.cols();
  Eigen::MatrixXd h = Eigen::MatrixXd::Zero(k_total * m, k_total * m);
  Eigen::MatrixXd own = Eigen::MatrixXd::Zero(m, k_total * m);  // block k: x' diag(p_k) x
  Eigen::MatrixXd scaled(kBlock, k_total * m);                  // A = [p_1 x, ..., p_K x]
  for (Eigen::Index start = 0; start < n; start += kBlock) {
    const Eigen::Index rows = std::min(kBlock, n - start);
    const auto x_rows = x_.middleRows(start, rows);
    for (Eigen::Index k = 0; k < k_total; ++k) {
      scaled.block(0, k * m, rows, m) = p.col(k).segment(start, rows).asDiagonal() * x_rows;
      own.middleCols(k * m, m).noalias() += scaled.block(0, k * m, rows, m).transpose() * x_rows;
    }
    h.selfadjointView<Eigen::Lower>().rankUpdate(scaled.topRows(rows).transpose(), -1.0);
  }
  h = h.selfadjointView<Eigen::Lower>();
  for (Eigen::Index k = 0; k < k_total; ++k)
    h.block(k * m, k * m, m, m) += own.middleCols(k * m, m);
  return h / double(n);
}

}  // namespace assay::cil_decentering
