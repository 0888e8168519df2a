// The numerics library's matrix type and its platform-independent random draws.
//
// Activations are row-major matrices with one example (or one example-time step) per row:
// a batch of B sequences of length T with d features is a (B*T) x d matrix.
#pragma once

#include <Eigen/Core>

// Eigen lays out fixed-size members by the vector width it is compiled for: code built without
// libassay_nn's flags disagrees with it about the layout of its objects and corrupts the heap at
// run time. Refuse to compile instead.
#if !defined(__AVX2__) || !defined(__FMA__) || !defined(EIGEN_DONT_PARALLELIZE)
#error \
    "assay/nn: compile with -mavx2 -mfma -DEIGEN_DONT_PARALLELIZE, libassay_nn's flags: link Assay::nn (or Assay::flags) in CMake, or use pkg-config --cflags assay"
#endif
#include <cstdint>
#include <random>

namespace assay::nn {

template <class T>
using Mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Matrix = Mat<float>;
using Index = Eigen::Index;
// The SDK's engine (same type as assay::Rng).
using Rng = std::mt19937_64;

// Draws built from the engine's raw bits, because std:: distributions differ between
// standard libraries and a seed must mean the same weights everywhere.
double uniform01(Rng& rng);  // in [0, 1)
double standard_normal(Rng& rng);

// Entries i.i.d. uniform on [-bound, bound).
template <class T>
Mat<T> uniform_matrix(Index rows, Index cols, T bound, Rng& rng);
// Entries i.i.d. normal with mean 0.
template <class T>
Mat<T> normal_matrix(Index rows, Index cols, T stddev, Rng& rng);

}  // namespace assay::nn
