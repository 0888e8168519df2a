#include "perturbation.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace assay::hrnn_navigation {

std::vector<int> unit_range(int first, int count) {
  std::vector<int> u(count);
  std::iota(u.begin(), u.end(), first);
  return u;
}

namespace {

Eigen::VectorXd decode_a(const Eigen::MatrixXd& readout_a, const HeadDirectionCells& hd,
                         const Eigen::MatrixXd& states) {
  return decode_heading(hd, RowMatrix(states * readout_a.transpose()));
}

double resultant_length(const Eigen::VectorXd& angles) {
  return std::hypot(angles.array().cos().mean(), angles.array().sin().mean());
}

}  // namespace

RingTest ring_attractor_test(const Weights& w, const Architecture& a, const Task& task,
                             const RowMatrix& states, int samples, int steps, double dt,
                             std::mt19937_64& rng) {
  const int na = a.size_a;
  const Eigen::MatrixXd waa = w.recurrent.topLeftCorner(na, na).cast<double>();
  const Eigen::MatrixXd readout = w.readout.topLeftCorner(a.hd_cells, na).cast<double>();
  Eigen::MatrixXd h(samples, na);
  for (int s = 0; s < samples; ++s)
    h.row(s) = states.row(static_cast<Eigen::Index>(nn::uniform01(rng) * states.rows())).head(na);
  const Eigen::VectorXd start = decode_a(readout, task.hd, h);
  for (int t = 0; t < steps; ++t) h = (h * waa.transpose()).cwiseMax(0.0);
  const Eigen::VectorXd end = decode_a(readout, task.hd, h);
  RingTest r;
  r.final_norm = h.rowwise().norm().mean();
  double drift = 0;
  for (int s = 0; s < samples; ++s) drift += std::abs(wrap_angle(end(s) - start(s)));
  r.drift = drift / samples / (steps * dt);
  r.coverage_resultant = resultant_length(end);
  const Eigen::MatrixXd centred = h.rowwise() - h.colwise().mean();
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> pca(centred.transpose() * centred);
  const Eigen::VectorXd ev = pca.eigenvalues().reverse();
  const double total = ev.sum();
  r.top2_variance = total > 0 ? (ev(0) + ev(1)) / total : 0;
  const Eigen::MatrixXd plane = centred * pca.eigenvectors().rightCols(2);
  const Eigen::ArrayXd radius = plane.rowwise().norm().array();
  const double mean = radius.mean();
  r.radius_cv = mean > 0 ? std::sqrt((radius - mean).square().mean()) / mean : HUGE_VAL;
  return r;
}

namespace {

double mean_ahead(const Eigen::MatrixXd& waa, const Eigen::VectorXd& phi,
                  const std::vector<int>& targets, int i) {
  double ahead = 0, behind = 0;
  int na = 0, nb = 0;
  for (int j : targets) {
    if (j == i) continue;
    const double d = wrap_angle(phi(j) - phi(i));
    if (d > 0 && d < M_PI / 2) ahead += waa(j, i), ++na;
    if (d < 0 && d > -M_PI / 2) behind += waa(j, i), ++nb;
  }
  return (na ? ahead / na : 0) - (nb ? behind / nb : 0);
}

double label_contrast(const Eigen::VectorXd& ahead, const std::vector<int>& ccw) {
  double pos = 0, neg = 0;
  int np = 0, nn_ = 0;
  for (Eigen::Index k = 0; k < ahead.size(); ++k)
    if (ccw[k])
      pos += ahead(k), ++np;
    else
      neg += ahead(k), ++nn_;
  return (np ? pos / np : 0) - (nn_ ? neg / nn_ : 0);
}

}  // namespace

Asymmetry turning_asymmetry(const Weights& w, const Architecture& a, const Recording& rec,
                            const CellTypes& types, int permutations, std::mt19937_64& rng) {
  const int na = a.size_a;
  const Eigen::MatrixXd waa = w.recurrent.topLeftCorner(na, na).cast<double>();
  const Eigen::VectorXd r = angular_velocity_correlation(rec), phi = preferred_heading(rec);
  std::vector<int> turners, ccw, targets;
  for (int u = 0; u < na; ++u) {
    if (types.scores.hd(u) > types.null95.hd(0)) targets.push_back(u);
    if (types.scores.av(u) > types.null95.av(0)) {
      turners.push_back(u);
      ccw.push_back(r(u) > 0);
    }
  }
  Asymmetry out;
  out.targets = static_cast<int>(targets.size());
  out.ccw_units = static_cast<int>(std::count(ccw.begin(), ccw.end(), 1));
  out.cw_units = static_cast<int>(ccw.size()) - out.ccw_units;
  if (out.ccw_units == 0 || out.cw_units == 0 || targets.size() < 2) return out;
  Eigen::VectorXd ahead(turners.size());
  for (std::size_t k = 0; k < turners.size(); ++k)
    ahead(k) = mean_ahead(waa, phi, targets, turners[k]);
  out.statistic = label_contrast(ahead, ccw);
  std::vector<double> null;
  int above = 0;
  for (int p = 0; p < permutations; ++p) {
    std::vector<int> shuffled = ccw;
    for (std::size_t k = shuffled.size() - 1; k > 0; --k)
      std::swap(shuffled[k], shuffled[static_cast<std::size_t>(nn::uniform01(rng) * (k + 1))]);
    null.push_back(label_contrast(ahead, shuffled));
    above += null.back() >= out.statistic;
  }
  std::sort(null.begin(), null.end());
  out.null95 = null[static_cast<std::size_t>(std::ceil(0.95 * null.size())) - 1];
  out.p_value = (above + 1.0) / (permutations + 1.0);
  return out;
}

}  // namespace assay::hrnn_navigation
