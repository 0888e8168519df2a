#include "population_codes.hpp"

#include <algorithm>
#include <array>
#include <assay/nn/matrix.hpp>
#include <cmath>

namespace assay::hrnn_navigation {

namespace {

// Softmax of a row in place, shifted by its maximum for stability.
void softmax_row(Eigen::Ref<Eigen::RowVectorXd> row) {
  row = (row.array() - row.maxCoeff()).exp();
  row /= row.sum();
}

std::array<int, 3> top3(const Eigen::Ref<const Eigen::RowVectorXd>& row) {
  std::array<int, 3> best{0, 0, 0};
  std::array<double, 3> value{-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
  for (int j = 0; j < row.size(); ++j) {
    int k = 3;
    while (k > 0 && row(j) > value[k - 1]) --k;
    if (k == 3) continue;
    for (int m = 2; m > k; --m) {
      value[m] = value[m - 1];
      best[m] = best[m - 1];
    }
    value[k] = row(j);
    best[k] = j;
  }
  return best;
}

}  // namespace

PlaceCells random_place_cells(int cells, double box, double sigma, double surround,
                              std::mt19937_64& rng) {
  PlaceCells p;
  p.sigma = sigma;
  p.surround = surround;
  p.centres.resize(cells, 2);
  for (int i = 0; i < cells; ++i)
    for (int d = 0; d < 2; ++d) p.centres(i, d) = (nn::uniform01(rng) - 0.5) * box;
  return p;
}

RowMatrix place_code(const PlaceCells& cells, const Eigen::VectorXd& x, const Eigen::VectorXd& y) {
  const Eigen::Index n = cells.centres.rows();
  RowMatrix code(x.size(), n);
  Eigen::RowVectorXd centre(n), surround(n);
  const double s2 = cells.surround * cells.surround;
  for (Eigen::Index r = 0; r < x.size(); ++r) {
    for (Eigen::Index i = 0; i < n; ++i) {
      const double dx = x(r) - cells.centres(i, 0), dy = y(r) - cells.centres(i, 1);
      const double d2 = (dx * dx + dy * dy) / (2 * cells.sigma * cells.sigma);
      centre(i) = -d2;
      surround(i) = -d2 / s2;
    }
    softmax_row(centre);
    softmax_row(surround);
    Eigen::RowVectorXd dog = centre - surround;
    dog.array() -= dog.minCoeff();
    code.row(r) = dog / dog.sum();
  }
  return code;
}

Eigen::MatrixXd decode_position(const PlaceCells& cells, const RowMatrix& activity) {
  Eigen::MatrixXd xy(activity.rows(), 2);
  for (Eigen::Index r = 0; r < activity.rows(); ++r) {
    xy.row(r).setZero();
    for (int j : top3(activity.row(r))) xy.row(r) += cells.centres.row(j) / 3;
  }
  return xy;
}

double HeadDirectionCells::preferred(int i) const { return -M_PI + 2 * M_PI * i / cells; }

RowMatrix heading_code(const HeadDirectionCells& cells, const Eigen::VectorXd& heading) {
  RowMatrix code(heading.size(), cells.cells);
  for (Eigen::Index r = 0; r < heading.size(); ++r) {
    for (int i = 0; i < cells.cells; ++i)
      code(r, i) = cells.kappa * std::cos(heading(r) - cells.preferred(i));
    softmax_row(code.row(r));
  }
  return code;
}

Eigen::VectorXd decode_heading(const HeadDirectionCells& cells, const RowMatrix& activity) {
  Eigen::VectorXd heading(activity.rows());
  for (Eigen::Index r = 0; r < activity.rows(); ++r) {
    double c = 0, s = 0;
    for (int j : top3(activity.row(r))) {
      c += std::cos(cells.preferred(j));
      s += std::sin(cells.preferred(j));
    }
    heading(r) = std::atan2(s, c);
  }
  return heading;
}

}  // namespace assay::hrnn_navigation
