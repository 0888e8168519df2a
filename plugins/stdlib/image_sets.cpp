#include "image_sets.hpp"

#include <charconv>
#include <filesystem>
#include <stdexcept>

#include "content_hash.hpp"
#include "data_files.hpp"
#include "gzip_bytes.hpp"
#include "idx_format.hpp"

namespace assay::stdlib {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view fashion_package = "dataset-fashion-mnist";
constexpr std::string_view digits_package = "python3-sklearn";

// Reads a gzip file of a package, adds its compressed bytes to the hash, returns it inflated.
std::string read_gzip(const fs::path& path, std::string_view package, ContentHash& hash) {
  const auto compressed = read_package_file("image_set", path, package);
  hash.add_named(path.filename().string(), compressed);
  return gunzip(compressed, path.string());
}

// Rows [begin, end) of `all`.
Images rows(const Images& all, std::size_t begin, std::size_t end) {
  Images part;
  part.count = end - begin;
  part.height = all.height;
  part.width = all.width;
  const auto pixels = all.height * all.width;
  part.pixels.assign(all.pixels.begin() + begin * pixels, all.pixels.begin() + end * pixels);
  part.labels.assign(all.labels.begin() + begin, all.labels.begin() + end);
  return part;
}

std::size_t capped(std::size_t count, std::optional<std::int64_t> max_images) {
  return max_images ? std::min<std::size_t>(count, static_cast<std::size_t>(*max_images)) : count;
}

Images read_idx_pair(const fs::path& root, const std::string& prefix,
                     std::optional<std::int64_t> max_images, ContentHash& hash) {
  const auto images_path = root / (prefix + "-images-idx3-ubyte.gz");
  const auto labels_path = root / (prefix + "-labels-idx1-ubyte.gz");
  const auto images =
      parse_idx_ubyte(read_gzip(images_path, fashion_package, hash), images_path.string());
  const auto labels =
      parse_idx_ubyte(read_gzip(labels_path, fashion_package, hash), labels_path.string());
  if (images.shape.size() != 3 || labels.shape.size() != 1 || labels.shape[0] != images.shape[0])
    throw std::runtime_error(images_path.string() + ": shape does not match its labels file; " +
                             "reinstall " + std::string(fashion_package));
  Images out;
  out.count = capped(images.shape[0], max_images);
  out.height = images.shape[1];
  out.width = images.shape[2];
  const auto pixels = out.count * out.height * out.width;
  out.pixels.reserve(pixels);
  for (std::size_t i = 0; i < pixels; ++i) out.pixels.push_back(images.data[i] / 255.0);
  out.labels.assign(labels.data.begin(), labels.data.begin() + out.count);
  return out;
}

// sklearn's digits.csv: one image a line, 64 pixel counts in [0, 16] then the digit.
Images parse_digits(const std::string& csv, const std::string& what,
                    std::optional<std::int64_t> max_images) {
  Images out;
  out.height = out.width = 8;
  const char* p = csv.data();
  const char* end = p + csv.size();
  for (std::size_t line = 1; p < end && out.count < capped(SIZE_MAX, max_images); ++line) {
    for (int field = 0; field < 65; ++field) {
      long v = -1;
      const auto [next, ec] = std::from_chars(p, end, v);
      const char expected = field == 64 ? '\n' : ',';
      if (ec != std::errc() || v < 0 || v > 16 || next == end || *next != expected)
        throw std::runtime_error(
            what + ":" + std::to_string(line) + ": field " + std::to_string(field + 1) +
            " is not a count in [0, 16]; reinstall " + std::string(digits_package));
      if (field == 64)
        out.labels.push_back(v);
      else
        out.pixels.push_back(v / 16.0);
      p = next + 1;
    }
    ++out.count;
  }
  return out;
}

ImageSet read_fashion_mnist(const ImageSetOptions& o, const fs::path& root) {
  ContentHash hash;
  const auto train = read_idx_pair(root, "train", o.max_images, hash);
  ImageSet set;
  set.test = read_idx_pair(root, "t10k", o.max_images, hash);
  const auto validation = static_cast<std::size_t>(o.validation_fraction * train.count);
  set.train = rows(train, 0, train.count - validation);
  set.validation = rows(train, train.count - validation, train.count);
  set.content_hash = hash.finish();
  return set;
}

ImageSet read_digits(const ImageSetOptions& o, const fs::path& root) {
  ContentHash hash;
  const auto path = root / "digits.csv.gz";
  const auto all = parse_digits(read_gzip(path, digits_package, hash), path.string(), o.max_images);
  const auto test = static_cast<std::size_t>(o.test_fraction * all.count);
  const auto rest = all.count - test;
  const auto validation = static_cast<std::size_t>(o.validation_fraction * rest);
  ImageSet set;
  set.train = rows(all, 0, rest - validation);
  set.validation = rows(all, rest - validation, rest);
  set.test = rows(all, rest, all.count);
  set.content_hash = hash.finish();
  return set;
}

}  // namespace

std::string default_image_root(ImageDataset dataset) {
  return dataset == ImageDataset::fashion_mnist
             ? "/usr/share/datasets/fashion-mnist"
             : "/usr/lib/python3/dist-packages/sklearn/datasets/data";
}

ImageSet read_image_set(const ImageSetOptions& options) {
  const fs::path root = options.root.value_or(default_image_root(options.dataset));
  auto set = options.dataset == ImageDataset::fashion_mnist ? read_fashion_mnist(options, root)
                                                            : read_digits(options, root);
  for (const auto* split : {&set.train, &set.validation, &set.test})
    if (split->count == 0)
      throw std::invalid_argument(
          "max_images: the rows read leave a split empty (train " +
          std::to_string(set.train.count) + ", validation " + std::to_string(set.validation.count) +
          ", test " + std::to_string(set.test.count) + "); read more rows or change the fractions");
  return set;
}

}  // namespace assay::stdlib
