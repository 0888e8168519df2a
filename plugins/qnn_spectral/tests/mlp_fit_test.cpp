#include "mlp_fit.hpp"

#include <catch2/catch.hpp>

namespace qs = assay::qnn_spectral;

TEST_CASE("MLP Jacobian: output bias column is one, last-layer weight columns are tanh units",
          "[qnn_spectral]") {
  const qs::MlpOptions mlp{{8, 8}};
  const Eigen::MatrixXd j = qs::mlp_initial_jacobian(16, mlp, 4);
  // Parameters: 1x8 + 8, 8x8 + 8, 8x1 + 1.
  REQUIRE(j.rows() == 16);
  REQUIRE(j.cols() == 8 + 8 + 64 + 8 + 8 + 1);
  // df/db_out = 1; df/dw_out,k = h_k(x) in (-1, 1), and not all zero.
  REQUIRE((j.col(j.cols() - 1).array() - 1).abs().maxCoeff() <= 1e-15);
  const Eigen::MatrixXd last_weights = j.middleCols(j.cols() - 9, 8);
  REQUIRE(last_weights.cwiseAbs().maxCoeff() < 1);
  REQUIRE(last_weights.cwiseAbs().maxCoeff() > 1e-3);
}
