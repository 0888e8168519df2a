#include "flood_filtration.hpp"

#include "delaunay_complex.hpp"
#include "landmarks.hpp"

namespace assay::flood_bifiltration {

FloodComplex flood_complex(const Eigen::MatrixXd& points, int landmarks) {
  FloodComplex flood;
  flood.landmark_rows = farthest_point_sample(points, landmarks);
  flood.landmarks = select_rows(points, flood.landmark_rows);
  flood.complex = delaunay_complex(flood.landmarks);
  return flood;
}

FloodFiltration flood_filtration(const Eigen::MatrixXd& points, const FloodOptions& options) {
  FloodFiltration out;
  out.flood = flood_complex(points, options.landmarks);
  out.values = covering_radii(out.flood.complex, out.flood.landmarks, points, options.mode,
                              options.resolution);
  out.diagrams =
      persistence_diagrams(out.flood.complex, out.values, static_cast<int>(points.cols()) - 1);
  return out;
}

Eigen::MatrixXd diagram_matrix(const Diagram& diagram) {
  Eigen::MatrixXd m(static_cast<Eigen::Index>(diagram.size()), 2);
  for (std::size_t i = 0; i < diagram.size(); ++i) {
    m(static_cast<Eigen::Index>(i), 0) = diagram[i].first;
    m(static_cast<Eigen::Index>(i), 1) = diagram[i].second;
  }
  return m;
}

}  // namespace assay::flood_bifiltration
