// Eigen vectors and matrices as Values: vectors are rank-1 arrays, matrices rank-2 (row-major).
#pragma once

#include <Eigen/Core>

#include "assay/param.hpp"
#include "assay/value.hpp"

// A plugin that includes this header passes Eigen types across the boundary: its manifest
// records Eigen's alignment, which the host must share (see <assay/plugin.hpp>).
#undef ASSAY_EIGEN_ALIGN
#define ASSAY_EIGEN_ALIGN EIGEN_MAX_STATIC_ALIGN_BYTES

namespace assay {

RealArray to_array(const Eigen::MatrixXd& m);
RealArray to_array(const Eigen::VectorXd& v);
IntArray to_array(const Eigen::Matrix<std::int64_t, Eigen::Dynamic, 1>& v);

// Rank 1 becomes a column; throws assay::Error for other ranks.
Eigen::MatrixXd to_matrix(const RealArray& a);
// Accepts rank 1, or rank 2 with one row or one column.
Eigen::VectorXd to_vector(const RealArray& a);

template <>
struct ValueCodec<Eigen::MatrixXd> {
  static constexpr Kind kind = Kind::real_array;
  static Value encode(const Eigen::MatrixXd& m) { return to_array(m); }
  static Eigen::MatrixXd decode(const Value& v) { return to_matrix(v.as_real_array()); }
};
template <>
struct ValueCodec<Eigen::VectorXd> {
  static constexpr Kind kind = Kind::real_array;
  static Value encode(const Eigen::VectorXd& v) { return to_array(v); }
  static Eigen::VectorXd decode(const Value& v) { return to_vector(v.as_real_array()); }
};

template <>
struct ParamTypeOf<Eigen::MatrixXd> {
  static constexpr ParamType value = ParamType::real_matrix;
};
template <>
struct ParamTypeOf<Eigen::VectorXd> {
  static constexpr ParamType value = ParamType::real_vector;
};

}  // namespace assay
