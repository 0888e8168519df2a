#include "stream_layout.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace sp = assay::state_prediction;

namespace {

// 1 where the mask lets a row attend a column.
Eigen::MatrixXi allowed(const sp::StreamLayout& layout) {
  return (layout.mask().array() == 0.0f).cast<int>();
}

}  // namespace

TEST_CASE("the standard layout is the causal mask", "[state_prediction]") {
  const sp::StreamLayout layout(sp::Arm::standard, 4);
  REQUIRE(layout.length() == 4);
  Eigen::MatrixXi causal = Eigen::MatrixXi::Zero(4, 4);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c <= r; ++c) causal(r, c) = 1;
  REQUIRE(allowed(layout) == causal);
  REQUIRE(std::isinf(layout.mask()(0, 1)));
  REQUIRE(layout.state_row(2) == 2);
  REQUIRE(layout.prediction_row(2) == 2);
}

TEST_CASE("the separated layout: states read states, predictions read states and themselves",
          "[state_prediction]") {
  const sp::StreamLayout layout(sp::Arm::separated, 3);
  // Rows and columns in stream order: x0 r0 x1 r1 x2 r2.
  Eigen::MatrixXi expected(6, 6);
  expected << 1, 0, 0, 0, 0, 0,  // x0: x0
      1, 1, 0, 0, 0, 0,          // r0: x0, r0
      1, 0, 1, 0, 0, 0,          // x1: x0, x1
      1, 0, 1, 1, 0, 0,          // r1: x0, x1, r1
      1, 0, 1, 0, 1, 0,          // x2: x0, x1, x2
      1, 0, 1, 0, 1, 1;          // r2: x0, x1, x2, r2
  REQUIRE(allowed(layout) == expected);
  REQUIRE(layout.state_row(1) == 2);
  REQUIRE(layout.prediction_row(1) == 3);
}

TEST_CASE(
    "the pause layout differs from the separated one only by states reading earlier "
    "predictions",
    "[state_prediction]") {
  const sp::StreamLayout pause(sp::Arm::pause, 3), separated(sp::Arm::separated, 3);
  Eigen::MatrixXi extra = Eigen::MatrixXi::Zero(6, 6);
  extra(2, 1) = 1;  // x1: r0
  extra(4, 1) = 1;  // x2: r0
  extra(4, 3) = 1;  // x2: r1
  REQUIRE(allowed(pause) - allowed(separated) == extra);
}

TEST_CASE("a window of no characters is refused by name", "[state_prediction]") {
  REQUIRE_THROWS_WITH(sp::StreamLayout(sp::Arm::separated, 0), Catch::Contains("context: 0"));
}
