// Arrays as rows of features: an N x d1 x d2 x ... array (images, per-patch maps) becomes the
// N x (d1 d2 ...) matrix that the probes and classifiers read, one example per row.
#pragma once

#include <assay/value.hpp>

namespace assay::stdlib {

// The same values, row-major, with every axis after the first merged; rank 1 gives N x 1.
// Throws std::invalid_argument for an array with no elements along an axis.
RealArray flatten_rows(RealArray array);

}  // namespace assay::stdlib
