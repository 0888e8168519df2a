// Fashion-MNIST as the science's matrices, read with stdlib's reader (the same files and split
// as the `image_set` method).
#pragma once

#include <cstdint>
#include <vector>

#include "assay/nn/matrix.hpp"

namespace assay::aigi_artifacts {

struct LabelledImages {
  nn::Matrix pixels;  // N x 784 in [0, 1]
  std::vector<int> labels;
};

// A split's count x side x side pixels (row-major doubles) and labels as matrices; throws
// std::invalid_argument naming `what` if the images are not kSide x kSide.
LabelledImages labelled_images(const std::vector<std::size_t>& shape,
                               const std::vector<double>& pixels,
                               const std::vector<std::int64_t>& labels, const char* what);

struct FashionMnist {
  LabelledImages train, test;
};
// The first `rows` rows of Fashion-MNIST's train and test files; train is the leading 90% of
// its rows (stdlib's default validation_fraction, 0.1, keeps the rest).
FashionMnist read_fashion_mnist(std::int64_t rows);

}  // namespace assay::aigi_artifacts
