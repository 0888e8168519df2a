// Flood values: a simplex sigma (on landmark coordinates) enters the Flood filtration at the
// radius where the balls around the cover points X cover it, f(sigma) = max_{y in sigma} d(y, X).
#pragma once

#include <Eigen/Core>

#include "kd_tree.hpp"
#include "simplicial_complex.hpp"

namespace assay::flood_bifiltration {

enum class CoveringMode { exact, sampled };

// Exact covering radii. On a k-face F the maximum of d(., X) sits where F meets a Voronoi face of
// X of dimension d - k, i.e. at the point of aff(F) equidistant from the vertices of a Delaunay
// k-simplex of X (k = d: a Voronoi vertex; k = 0: the vertex itself). Each simplex takes the
// maximum over such candidates inside it and over its facets' values. Candidates are computed in
// floating point, so values are exact up to round-off. `cover` empty: every value is +inf.
FiltrationValues exact_covering_radii(const SimplicialComplex& complex,
                                      const Eigen::MatrixXd& vertices,
                                      const Eigen::MatrixXd& cover);

// Lower bounds: the maximum of d(., X) over the barycentric grid of resolution m of each simplex
// (points sum_i (a_i / m) v_i, a_i >= 0 integers summing to m). d(., X) is 1-Lipschitz, so each
// value is at most diam(sigma) / m below the exact one.
FiltrationValues sampled_covering_radii(const SimplicialComplex& complex,
                                        const Eigen::MatrixXd& vertices,
                                        const Eigen::MatrixXd& cover, int resolution);

// The same over a k-d tree of the cover built once (so callers can time queries apart).
FiltrationValues sampled_covering_radii(const SimplicialComplex& complex,
                                        const Eigen::MatrixXd& vertices, const KdTree& cover,
                                        int resolution);

FiltrationValues covering_radii(const SimplicialComplex& complex, const Eigen::MatrixXd& vertices,
                                const Eigen::MatrixXd& cover, CoveringMode mode, int resolution);

// Largest edge length of the complex (the sampled mode's error is at most this / resolution).
double longest_edge(const SimplicialComplex& complex, const Eigen::MatrixXd& vertices);

}  // namespace assay::flood_bifiltration
