// Markov type classes: the sequences z_0 = start, z_1, ..., z_n whose transition counts are
// a given matrix N (the pair type). Their number follows from the BEST theorem (Whittle's
// formula): with N_z = sum_z' N(z, z') and v the end state,
//   |T(N, start)| = t_v(N) N_v! prod_{z != v, N_z > 0} (N_z - 1)! / prod_{z, z'} N(z, z')!,
// where t_v(N) counts the spanning trees of the visited states directed towards v (the
// matrix-tree theorem: a principal minor of the out-degree Laplacian).
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace assay::mdp_types {

using PairCounts = Eigen::Matrix<std::int64_t, Eigen::Dynamic, Eigen::Dynamic>;

// The state a path with these counts from `start` ends in, if the counts are balanced
// (out-degree minus in-degree is 1 at start, -1 at the end, 0 elsewhere; or 0 everywhere).
std::optional<int> end_state(const PairCounts& counts, int start);

// log |T(N, start)| by Whittle's formula; -inf for an empty class.
double log_type_class_size(const PairCounts& counts, int start);

// Number of spanning trees of the visited states of N directed towards `root`.
std::int64_t directed_spanning_trees(const PairCounts& counts, int root);

// Every pair type of length n from `start` with a non-empty class, by walking the balanced
// count matrices (the last row is fixed by balance). Cost about C(n + m(m-1), m(m-1)) m.
std::vector<PairCounts> pair_types(int states, int n, int start);

// Brute force: all states^n paths from `start`, grouped by pair type (row-major counts).
std::map<std::vector<std::int64_t>, std::int64_t> enumerate_type_classes(int states, int n,
                                                                         int start);

// H(N / n): the empirical conditional entropy of the type.
double type_conditional_entropy(const PairCounts& counts);

}  // namespace assay::mdp_types
