#include <cmath>
#include <numbers>

#include "assay/nn/matrix.hpp"
#include "tape_impl.hpp"

namespace assay::nn {

double uniform01(Rng& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

double standard_normal(Rng& rng) {
  // Box-Muller with the first uniform moved to (0, 1] so its log is finite.
  const double u1 = 1.0 - uniform01(rng);
  const double u2 = uniform01(rng);
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

template <class T>
Mat<T> uniform_matrix(Index rows, Index cols, T bound, Rng& rng) {
  Mat<T> m(rows, cols);
  for (Index i = 0; i < m.size(); ++i) {
    m.data()[i] = static_cast<T>((2.0 * uniform01(rng) - 1.0) * bound);
  }
  return m;
}

template <class T>
Mat<T> normal_matrix(Index rows, Index cols, T stddev, Rng& rng) {
  Mat<T> m(rows, cols);
  for (Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<T>(standard_normal(rng) * stddev);
  return m;
}

#define ASSAY_NN_INSTANTIATE(T)                             \
  template Mat<T> uniform_matrix<T>(Index, Index, T, Rng&); \
  template Mat<T> normal_matrix<T>(Index, Index, T, Rng&);
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
