#include "grid_score.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace assay::hrnn_navigation {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Moments {
  double n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  void add(double a, double b) {
    n += 1;
    sx += a;
    sy += b;
    sxx += a * a;
    syy += b * b;
    sxy += a * b;
  }
  double correlation() const {
    const double vx = sxx - sx * sx / n, vy = syy - sy * sy / n;
    if (!(vx > 0 && vy > 0)) return kNaN;
    return (sxy - sx * sy / n) / std::sqrt(vx * vy);
  }
};

// Bilinear sample of m at (r, c); NaN outside or next to a NaN bin.
double sample(const Eigen::MatrixXd& m, double r, double c) {
  const int r0 = static_cast<int>(std::floor(r)), c0 = static_cast<int>(std::floor(c));
  if (r0 < 0 || c0 < 0 || r0 + 1 >= m.rows() || c0 + 1 >= m.cols()) {
    const int ri = static_cast<int>(std::lround(r)), ci = static_cast<int>(std::lround(c));
    if (ri < 0 || ci < 0 || ri >= m.rows() || ci >= m.cols()) return kNaN;
    return m(ri, ci);
  }
  const double fr = r - r0, fc = c - c0;
  return (1 - fr) * ((1 - fc) * m(r0, c0) + fc * m(r0, c0 + 1)) +
         fr * ((1 - fc) * m(r0 + 1, c0) + fc * m(r0 + 1, c0 + 1));
}

}  // namespace

Eigen::MatrixXd rate_map(const Eigen::VectorXd& x, const Eigen::VectorXd& y,
                         const Eigen::VectorXd& activity, double box, int res) {
  Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(res, res), count = sum;
  for (Eigen::Index i = 0; i < activity.size(); ++i) {
    const int r = std::clamp(static_cast<int>((y(i) / box + 0.5) * res), 0, res - 1);
    const int c = std::clamp(static_cast<int>((x(i) / box + 0.5) * res), 0, res - 1);
    sum(r, c) += activity(i);
    count(r, c) += 1;
  }
  return sum.binaryExpr(count, [](double s, double n) { return n > 0 ? s / n : kNaN; });
}

Eigen::MatrixXd autocorrelogram(const Eigen::MatrixXd& map) {
  const int res = static_cast<int>(map.rows());
  Eigen::MatrixXd ac(2 * res - 1, 2 * res - 1);
  for (int dr = -(res - 1); dr < res; ++dr)
    for (int dc = -(res - 1); dc < res; ++dc) {
      Moments m;
      for (int r = std::max(0, -dr); r < std::min(res, res - dr); ++r)
        for (int c = std::max(0, -dc); c < std::min(res, res - dc); ++c) {
          const double a = map(r, c), b = map(r + dr, c + dc);
          if (!std::isnan(a) && !std::isnan(b)) m.add(a, b);
        }
      ac(dr + res - 1, dc + res - 1) = m.n >= 20 ? m.correlation() : kNaN;
    }
  return ac;
}

double grid_score(const Eigen::MatrixXd& ac) {
  const double centre = (ac.rows() - 1) / 2.0;
  const double half = centre + 1;  // the map's resolution
  const double angles[5] = {30, 60, 90, 120, 150};
  double best = -HUGE_VAL;
  for (int k = 0; k < 10; ++k) {
    const double inner = 0.2 * half, outer = (0.4 + 0.6 * k / 9.0) * half;
    double corr[5];
    for (int a = 0; a < 5; ++a) {
      const double th = angles[a] * M_PI / 180, cs = std::cos(th), sn = std::sin(th);
      Moments m;
      for (Eigen::Index r = 0; r < ac.rows(); ++r)
        for (Eigen::Index c = 0; c < ac.cols(); ++c) {
          const double dr = r - centre, dc = c - centre, d = std::hypot(dr, dc);
          if (d < inner || d > outer || std::isnan(ac(r, c))) continue;
          const double rotated = sample(ac, centre + cs * dr - sn * dc, centre + sn * dr + cs * dc);
          if (!std::isnan(rotated)) m.add(ac(r, c), rotated);
        }
      corr[a] = m.n >= 3 ? m.correlation() : kNaN;
    }
    const double score = (corr[1] + corr[3]) / 2 - (corr[0] + corr[2] + corr[4]) / 3;
    if (!std::isnan(score)) best = std::max(best, score);
  }
  return best == -HUGE_VAL ? kNaN : best;
}

}  // namespace assay::hrnn_navigation
