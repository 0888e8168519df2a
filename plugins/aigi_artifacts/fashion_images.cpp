#include "fashion_images.hpp"

#include <stdexcept>
#include <string>

#include "generator_family.hpp"
#include "image_sets.hpp"

namespace assay::aigi_artifacts {

LabelledImages labelled_images(const std::vector<std::size_t>& shape,
                               const std::vector<double>& pixels,
                               const std::vector<std::int64_t>& labels, const char* what) {
  if (shape.size() != 3 || shape[1] != static_cast<std::size_t>(kSide) ||
      shape[2] != static_cast<std::size_t>(kSide))
    throw std::invalid_argument(std::string(what) + ": expected count x 28 x 28 images");
  if (labels.size() != shape[0])
    throw std::invalid_argument(std::string(what) + ": " + std::to_string(shape[0]) +
                                " images but " + std::to_string(labels.size()) + " labels");
  LabelledImages out{nn::Matrix(static_cast<nn::Index>(shape[0]), kSide * kSide), {}};
  for (nn::Index i = 0; i < out.pixels.rows(); ++i)
    for (nn::Index j = 0; j < out.pixels.cols(); ++j)
      out.pixels(i, j) = static_cast<float>(pixels[i * out.pixels.cols() + j]);
  out.labels.assign(labels.begin(), labels.end());
  return out;
}

FashionMnist read_fashion_mnist(std::int64_t rows) {
  stdlib::ImageSetOptions o;
  o.dataset = stdlib::ImageDataset::fashion_mnist;
  o.max_images = rows;
  const auto set = stdlib::read_image_set(o);
  const auto convert = [](const stdlib::Images& im, const char* what) {
    return labelled_images({im.count, im.height, im.width}, im.pixels, im.labels, what);
  };
  return {convert(set.train, "train_images"), convert(set.test, "test_images")};
}

}  // namespace assay::aigi_artifacts
