#include "delta_geometry.hpp"

#include <algorithm>
#include <assay/stats/spectrum.hpp>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace assay::bitmask_tuning {

namespace {

// Flat indices of the principal weights: the top ceil(fraction * size) entries by |x| among
// the nonzero ones (ties: lower row-major index).
std::vector<Eigen::Index> principal_weights(const Eigen::MatrixXd& x, double fraction) {
  const auto count = static_cast<Eigen::Index>(std::ceil(fraction * static_cast<double>(x.size())));
  std::vector<Eigen::Index> nonzero;
  for (Eigen::Index i = 0; i < x.size(); ++i)
    if (x.reshaped<Eigen::RowMajor>()(i) != 0) nonzero.push_back(i);
  const auto keep = std::min<Eigen::Index>(count, static_cast<Eigen::Index>(nonzero.size()));
  const auto larger = [&](Eigen::Index a, Eigen::Index b) {
    const double ma = std::abs(x.reshaped<Eigen::RowMajor>()(a));
    const double mb = std::abs(x.reshaped<Eigen::RowMajor>()(b));
    return ma != mb ? ma > mb : a < b;
  };
  std::partial_sort(nonzero.begin(), nonzero.begin() + keep, nonzero.end(), larger);
  nonzero.resize(keep);
  std::sort(nonzero.begin(), nonzero.end());
  return nonzero;
}

}  // namespace

double spectrum_drift(const Eigen::MatrixXd& base, const Eigen::MatrixXd& delta) {
  const Eigen::VectorXd s0 = stats::singular_values(base);
  return (stats::singular_values(base + delta) - s0).norm() / s0.norm();
}

double principal_overlap(const Eigen::MatrixXd& delta, const Eigen::MatrixXd& reference,
                         double fraction) {
  const auto mine = principal_weights(delta, fraction);
  if (mine.empty()) return 0;
  const auto theirs = principal_weights(reference, fraction);
  std::vector<Eigen::Index> both;
  std::set_intersection(mine.begin(), mine.end(), theirs.begin(), theirs.end(),
                        std::back_inserter(both));
  return static_cast<double>(both.size()) / static_cast<double>(mine.size());
}

DeltaGeometry delta_geometry(const Eigen::MatrixXd& base, const Eigen::MatrixXd& delta,
                             const Eigen::MatrixXd& reference, int layers) {
  if (delta.rows() != base.rows() || delta.cols() != base.cols() ||
      reference.rows() != base.rows() || reference.cols() != base.cols())
    throw std::invalid_argument("delta, reference: shapes differ from base");
  if (layers < 1 || base.rows() % layers != 0)
    throw std::invalid_argument("layers: " + std::to_string(layers) + " does not divide " +
                                std::to_string(base.rows()) + " rows");
  const Eigen::Index rows = base.rows() / layers;
  DeltaGeometry g;
  for (int l = 0; l < layers; ++l) {
    const Eigen::MatrixXd w0 = base.middleRows(l * rows, rows);
    const Eigen::MatrixXd d = delta.middleRows(l * rows, rows);
    const Eigen::MatrixXd r = reference.middleRows(l * rows, rows);
    const double er = d.isZero(0) ? 0 : stats::effective_rank(d);
    const double er_ref = r.isZero(0) ? 0 : stats::effective_rank(r);
    const double dr = spectrum_drift(w0, d), dr_ref = spectrum_drift(w0, r);
    g.effective_rank += er / layers;
    g.reference_effective_rank += er_ref / layers;
    g.effective_rank_gap += std::abs(er - er_ref) / layers;
    g.spectrum_drift += dr / layers;
    g.reference_spectrum_drift += dr_ref / layers;
    g.spectrum_drift_gap += std::abs(dr - dr_ref) / layers;
    g.principal_overlap += principal_overlap(d, r) / layers;
  }
  return g;
}

}  // namespace assay::bitmask_tuning
