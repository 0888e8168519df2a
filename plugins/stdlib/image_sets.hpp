// Labelled image sets from Debian packages: Fashion-MNIST (dataset-fashion-mnist, IDX files)
// and the 1,797 8x8 handwritten digits that python3-sklearn ships as a CSV, both gzip files.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace assay::stdlib {

enum class ImageDataset { fashion_mnist, digits };

struct Images {
  std::size_t count = 0, height = 0, width = 0;
  std::vector<double> pixels;        // count x height x width, row-major, in [0, 1]
  std::vector<std::int64_t> labels;  // count class indices
};

struct ImageSet {
  Images train, validation, test;
  std::string content_hash;  // SHA-256 over (name, compressed bytes) of every file read
};

struct ImageSetOptions {
  ImageDataset dataset = ImageDataset::digits;
  std::optional<std::string> root;  // the folder holding the files; unset: the package's
  // The last share of the training rows that becomes the validation split.
  double validation_fraction = 0.1;
  // digits only (Fashion-MNIST has its own test file): the last share of all rows.
  double test_fraction = 0.2;
  std::optional<std::int64_t> max_images;  // read only the first rows of each file (unset: all)
};

std::string default_image_root(ImageDataset dataset);

// Reads, checks and splits by index: rows keep the files' order. Pixels are scaled to [0, 1]
// (Fashion-MNIST's bytes / 255, the digits' counts / 16). Throws MissingData naming the
// package when a file is absent, std::runtime_error when one is damaged and
// std::invalid_argument when a split would be empty.
ImageSet read_image_set(const ImageSetOptions& options);

}  // namespace assay::stdlib
