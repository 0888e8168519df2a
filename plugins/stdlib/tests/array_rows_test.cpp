#include "array_rows.hpp"

#include <catch2/catch.hpp>
#include <stdexcept>

using assay::RealArray;
using assay::stdlib::flatten_rows;

TEST_CASE("flatten_rows merges every axis after the first, keeping each example's values",
          "[stdlib]") {
  RealArray images{{2, 2, 3}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}};
  const auto rows = flatten_rows(images);
  CHECK(rows.shape == std::vector<std::size_t>{2, 6});
  CHECK(rows.data == images.data);
  CHECK(flatten_rows(RealArray{{3}, {1, 2, 3}}).shape == std::vector<std::size_t>{3, 1});
}

TEST_CASE("flatten_rows refuses an array without examples or features", "[stdlib]") {
  CHECK_THROWS_AS(flatten_rows(RealArray{{}, {}}), std::invalid_argument);
  CHECK_THROWS_AS(flatten_rows(RealArray{{4, 0, 2}, {}}), std::invalid_argument);
}
