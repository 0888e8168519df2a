#include "assay/eigen.hpp"

#include "assay/error.hpp"

namespace assay {

RealArray to_array(const Eigen::MatrixXd& m) {
  RealArray a{{static_cast<std::size_t>(m.rows()), static_cast<std::size_t>(m.cols())}, {}};
  a.data.resize(m.size());
  Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
      a.data.data(), m.rows(), m.cols()) = m;
  return a;
}

RealArray to_array(const Eigen::VectorXd& v) {
  return {{static_cast<std::size_t>(v.size())}, std::vector<double>(v.data(), v.data() + v.size())};
}

IntArray to_array(const Eigen::Matrix<std::int64_t, Eigen::Dynamic, 1>& v) {
  IntArray a{{static_cast<std::size_t>(v.size())}, std::vector<std::int64_t>(v.size())};
  for (Eigen::Index i = 0; i < v.size(); ++i) a.data[i] = v[i];
  return a;
}

Eigen::MatrixXd to_matrix(const RealArray& a) {
  if (a.rank() == 1) return Eigen::Map<const Eigen::VectorXd>(a.data.data(), a.shape[0]);
  if (a.rank() != 2)
    throw Error("expected a matrix, got an array of rank " + std::to_string(a.rank()));
  return Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
      a.data.data(), a.shape[0], a.shape[1]);
}

Eigen::VectorXd to_vector(const RealArray& a) {
  const bool flat = a.rank() == 1 || (a.rank() == 2 && (a.shape[0] == 1 || a.shape[1] == 1));
  if (!flat) throw Error("expected a vector, got an array of rank " + std::to_string(a.rank()));
  return Eigen::Map<const Eigen::VectorXd>(a.data.data(), static_cast<Eigen::Index>(a.data.size()));
}

}  // namespace assay
