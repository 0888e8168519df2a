#include "array_rows.hpp"

#include <functional>
#include <numeric>
#include <stdexcept>
#include <string>

namespace assay::stdlib {

RealArray flatten_rows(RealArray array) {
  if (array.shape.empty()) throw std::invalid_argument("flatten_rows: the array has no axes");
  const std::size_t rows = array.shape.front();
  const std::size_t width = std::accumulate(array.shape.begin() + 1, array.shape.end(),
                                            std::size_t{1}, std::multiplies<>());
  if (rows == 0 || width == 0)
    throw std::invalid_argument("flatten_rows: an axis of the array has length 0");
  array.shape = {rows, width};  // row-major: each example's values are already contiguous
  return array;
}

}  // namespace assay::stdlib
