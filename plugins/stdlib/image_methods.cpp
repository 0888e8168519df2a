// Glue: the image methods' params and ports, and the calls into the science.
#include "image_methods.hpp"

#include <assay/sdk.hpp>

#include "image_sets.hpp"
#include "procedural_scenes.hpp"

namespace assay::stdlib {

namespace {

struct SplitImages {
  RealArray images;
  IntArray labels;
};

struct ImageSplits {
  SplitImages train, validation, test;
  std::int64_t classes = 10;
  std::string content_hash;
};

SplitImages split_images(const Images& images) {
  return {RealArray{{images.count, images.height, images.width}, images.pixels},
          IntArray{{images.count}, images.labels}};
}

ImageSplits image_set(const ImageSetOptions& o) {
  const auto set = read_image_set(o);
  return {.train = split_images(set.train),
          .validation = split_images(set.validation),
          .test = split_images(set.test),
          .content_hash = set.content_hash};
}

// The images and labels outputs of one split, `part` naming its member of ImageSplits.
template <class Builder>
void split_outputs(Builder& m, SplitImages ImageSplits::*part, const std::string& split) {
  m.output(
       [part](auto& s) -> auto& { return (s.*part).images; }, split + "_images",
       split + " images, count x height x width, in [0, 1]")
      .output(
          [part](auto& s) -> auto& { return (s.*part).labels; }, split + "_labels",
          split + " class labels 0-9");
}

}  // namespace

MethodExport image_set_method() {
  using O = ImageSetOptions;
  auto m = method<O, ImageSplits>(
      "image_set", "Labelled images from a Debian package, decoded with zlib, split by index");
  m.choice(&O::dataset, "dataset",
           {{"fashion-mnist", ImageDataset::fashion_mnist}, {"digits", ImageDataset::digits}},
           "fashion-mnist (dataset-fashion-mnist: 60,000 + 10,000 28x28 images) or digits "
           "(python3-sklearn: 1,797 8x8 images)")
      .param(&O::root, "path",
             "folder holding the dataset's files instead of the package's; unset: the "
             "package's folder")
      .param(&O::validation_fraction, "validation_fraction",
             "the last share of the training rows that is validation", range(0, 0.9))
      .param(&O::test_fraction, "test_fraction",
             "digits only: the last share of all rows that is test (Fashion-MNIST has its test "
             "file)",
             range(0, 0.9))
      .param(&O::max_images, "max_images", "read only the first rows of each file (unset: all)",
             range(1, 1 << 20));
  split_outputs(m, &ImageSplits::train, "train");
  split_outputs(m, &ImageSplits::validation, "validation");
  split_outputs(m, &ImageSplits::test, "test");
  return m.output(&ImageSplits::classes, "classes", "number of classes (10)")
      .provenance_output(&ImageSplits::content_hash, "content_hash",
                         "sha256 over the name and compressed bytes of every file read")
      .run(image_set);
}

namespace {

struct SceneArrays {
  RealArray images, shape_coverage, colour_coverage;
  std::vector<SceneObject> objects;
};

SceneArrays procedural_scenes(const SceneOptions& o, Context& ctx) {
  auto rng = ctx.rng();
  auto s = generate_scenes(o, rng);
  const auto n = static_cast<std::size_t>(s.count), size = static_cast<std::size_t>(s.size),
             p = static_cast<std::size_t>(s.patches);
  return {RealArray{{n, size, size, 3}, std::move(s.images)},
          RealArray{{n, p, p, shape_count}, std::move(s.shape_coverage)},
          RealArray{{n, p, p, colour_count}, std::move(s.colour_coverage)}, std::move(s.objects)};
}

}  // namespace

MethodExport procedural_scenes_method() {
  using O = SceneOptions;
  using A = SceneArrays;
  return method<O, A>("procedural_scenes",
                      "Synthetic RGB scenes of coloured shapes with the per-patch coverage of "
                      "every shape and colour")
      .param(&O::count, "n", "number of images", range(1, 1 << 16))
      .param(&O::size, "size", "pixels per side", range(4, 1024))
      .param(&O::patch, "patch", "pixels per patch side (must divide size)", range(1, 1024))
      .param(&O::max_objects, "max_objects", "objects per image, uniform on [1, max_objects]",
             range(1, 64))
      .param(&O::min_radius, "min_radius", "smallest object radius in pixels", range(0.5, 512))
      .param(&O::max_radius, "max_radius", "largest object radius in pixels", range(0.5, 512))
      .output(&A::images, "images", "n x size x size x 3 RGB in [0, 1], black background")
      .output(&A::shape_coverage, "shape_coverage",
              "n x P x P x 3: share of each patch's pixels showing a circle, square, triangle "
              "(visible after occlusion)")
      .output(&A::colour_coverage, "colour_coverage",
              "n x P x P x 6: likewise for red, green, blue, yellow, magenta, cyan")
      .output(&A::objects, "objects",
              "one row per object in drawing order: image, shape, colour, x, y, radius",
              columns<SceneObject>()
                  .column(&SceneObject::image, "image")
                  .column([](const SceneObject& o) { return shape_name(o.shape); }, "shape")
                  .column([](const SceneObject& o) { return colour_name(o.colour); }, "colour")
                  .column(&SceneObject::x, "x")
                  .column(&SceneObject::y, "y")
                  .column(&SceneObject::radius, "radius"))
      .run(procedural_scenes);
}

}  // namespace assay::stdlib
