#include "cell_types.hpp"

#include <algorithm>
#include <assay/nn/matrix.hpp>
#include <cmath>
#include <vector>

#include "grid_score.hpp"

namespace assay::hrnn_navigation {

namespace {

constexpr int kHeadingBins = 36;

double pearson(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  const Eigen::ArrayXd da = a.array() - a.mean(), db = b.array() - b.mean();
  const double v = std::sqrt((da * da).sum() * (db * db).sum());
  return v > 0 ? (da * db).sum() / v : 0;
}

// The mean activity per heading bin, as a complex resultant: (sum f cos, sum f sin, sum f).
Eigen::Vector3d heading_resultant(const Eigen::VectorXd& heading, const Eigen::VectorXd& f) {
  Eigen::VectorXd sum = Eigen::VectorXd::Zero(kHeadingBins), count = sum;
  for (Eigen::Index i = 0; i < f.size(); ++i) {
    const int k =
        std::clamp(static_cast<int>((wrap_angle(heading(i)) + M_PI) / (2 * M_PI) * kHeadingBins), 0,
                   kHeadingBins - 1);
    sum(k) += f(i);
    count(k) += 1;
  }
  Eigen::Vector3d r = Eigen::Vector3d::Zero();
  for (int k = 0; k < kHeadingBins; ++k) {
    if (count(k) == 0) continue;
    const double rate = sum(k) / count(k), angle = -M_PI + (k + 0.5) * 2 * M_PI / kHeadingBins;
    r += rate * Eigen::Vector3d(std::cos(angle), std::sin(angle), 1);
  }
  return r;
}

double vector_length(const Eigen::VectorXd& heading, const Eigen::VectorXd& f) {
  const Eigen::Vector3d r = heading_resultant(heading, f);
  return r(2) > 0 ? std::hypot(r(0), r(1)) / r(2) : 0;
}

struct UnitScore {
  double grid, hd, speed, av;
};

UnitScore score_unit(const Recording& rec, const Eigen::VectorXd& f, double box, int res) {
  const double grid = grid_score(autocorrelogram(rate_map(rec.x, rec.y, f, box, res)));
  return {std::isnan(grid) ? -HUGE_VAL : grid, vector_length(rec.heading, f),
          std::abs(pearson(f, rec.speed)), std::abs(pearson(f, rec.angular_velocity))};
}

Eigen::VectorXd circular_shift(const Eigen::VectorXd& f, Eigen::Index by) {
  Eigen::VectorXd out(f.size());
  const Eigen::Index n = f.size();
  out.tail(n - by) = f.head(n - by);
  out.head(by) = f.tail(by);
  return out;
}

double percentile95(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(std::ceil(0.95 * v.size())) - 1];
}

}  // namespace

Recording record(const Walks& walks, const RowMatrix& states) {
  const Eigen::Index batch = walks.speed.rows(), steps = walks.speed.cols();
  Recording r;
  const Eigen::Index n = batch * steps;
  r.x.resize(n);
  r.y.resize(n);
  r.heading.resize(n);
  r.speed.resize(n);
  r.angular_velocity.resize(n);
  r.activity.resize(n, states.cols());
  for (Eigen::Index b = 0; b < batch; ++b)
    for (Eigen::Index t = 0; t < steps; ++t) {
      const Eigen::Index i = b * steps + t;
      r.x(i) = walks.x(b, t + 1);
      r.y(i) = walks.y(b, t + 1);
      r.heading(i) = walks.heading(b, t + 1);
      r.speed(i) = walks.speed(b, t);
      r.angular_velocity(i) = walks.angular_velocity(b, t);
      r.activity.row(i) = states.row(t * batch + b);
    }
  return r;
}

Scores unit_scores(const Recording& rec, double box, int res) {
  const Eigen::Index units = rec.activity.cols();
  Scores s{Eigen::VectorXd(units), Eigen::VectorXd(units), Eigen::VectorXd(units),
           Eigen::VectorXd(units)};
  for (Eigen::Index u = 0; u < units; ++u) {
    const UnitScore us = score_unit(rec, rec.activity.col(u), box, res);
    s.grid(u) = us.grid;
    s.hd(u) = us.hd;
    s.speed(u) = us.speed;
    s.av(u) = us.av;
  }
  return s;
}

Eigen::VectorXd angular_velocity_correlation(const Recording& rec) {
  Eigen::VectorXd r(rec.activity.cols());
  for (Eigen::Index u = 0; u < r.size(); ++u)
    r(u) = pearson(rec.activity.col(u), rec.angular_velocity);
  return r;
}

Eigen::VectorXd preferred_heading(const Recording& rec) {
  Eigen::VectorXd p(rec.activity.cols());
  for (Eigen::Index u = 0; u < p.size(); ++u) {
    const Eigen::Vector3d r = heading_resultant(rec.heading, rec.activity.col(u));
    p(u) = std::atan2(r(1), r(0));
  }
  return p;
}

CellTypes classify(const Recording& rec, double box, int res, int shuffles, int min_shift,
                   std::mt19937_64& rng) {
  CellTypes c;
  c.scores = unit_scores(rec, box, res);
  const Eigen::Index units = rec.activity.cols(), n = rec.activity.rows();
  std::vector<double> grid, hd, speed, av;
  for (Eigen::Index u = 0; u < units; ++u)
    for (int s = 0; s < shuffles; ++s) {
      const auto by =
          min_shift + static_cast<Eigen::Index>(nn::uniform01(rng) * (n - 2 * min_shift));
      const UnitScore us = score_unit(rec, circular_shift(rec.activity.col(u), by), box, res);
      grid.push_back(us.grid);
      hd.push_back(us.hd);
      speed.push_back(us.speed);
      av.push_back(us.av);
    }
  const auto one = [](double v) { return Eigen::VectorXd::Constant(1, v); };
  c.null95 = {one(percentile95(grid)), one(percentile95(hd)), one(percentile95(speed)),
              one(percentile95(av))};
  c.rate_maps.resize(units, res * res);
  for (Eigen::Index u = 0; u < units; ++u) {
    const bool is_grid = c.scores.grid(u) > c.null95.grid(0);
    const bool is_hd = c.scores.hd(u) > c.null95.hd(0);
    c.grid += is_grid;
    c.hd += is_hd;
    c.speed += c.scores.speed(u) > c.null95.speed(0);
    c.av += c.scores.av(u) > c.null95.av(0);
    c.conjunctive += is_grid && is_hd;
    const Eigen::MatrixXd map = rate_map(rec.x, rec.y, rec.activity.col(u), box, res);
    c.rate_maps.row(u) = Eigen::Map<const Eigen::RowVectorXd>(
        Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>(map).data(),
        res * res);
  }
  return c;
}

}  // namespace assay::hrnn_navigation
