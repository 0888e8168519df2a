// Glue: the image methods' params and ports, and the calls into the science.
#include "image_methods.hpp"

#include <assay/sdk.hpp>

#include "image_sets.hpp"
#include "procedural_scenes.hpp"

namespace assay::stdlib {

namespace {

MethodInfo image_set_info() {
  auto info =
      method("image_set",
             "Labelled images from a Debian package, decoded with zlib, split by index")
          .choice("dataset", "digits", {"fashion-mnist", "digits"},
                  "fashion-mnist (dataset-fashion-mnist: 60,000 + 10,000 28x28 images) or "
                  "digits (python3-sklearn: 1,797 8x8 images)")
          .param("path", "", "folder holding the dataset's files instead of the package's")
          .param<double>("validation_fraction", 0.1,
                         "the last share of the training rows that is validation", range(0, 0.9))
          .param<double>("test_fraction", 0.2,
                         "digits only: the last share of all rows that is test (Fashion-MNIST "
                         "has its test file)",
                         range(0, 0.9))
          .param<std::int64_t>("max_images", 0, "read only the first rows of each file (0: all)",
                               range(0, 1 << 20));
  for (const char* s : {"train", "validation", "test"}) {
    info.output<RealArray>(std::string(s) + "_images",
                           std::string(s) + " images, count x height x width, in [0, 1]");
    info.output<IntArray>(std::string(s) + "_labels", std::string(s) + " class labels 0-9");
  }
  return info.output<std::int64_t>("classes", "number of classes (10)")
      .output<std::string>("content_hash",
                           "sha256 over the name and compressed bytes of every file read");
}

void output_images(Context& ctx, const std::string& split, const Images& images) {
  ctx.output(split + "_images",
             RealArray{{images.count, images.height, images.width}, images.pixels});
  ctx.output(split + "_labels", IntArray{{images.count}, images.labels});
}

void image_set(Context& ctx) {
  ImageSetOptions o;
  o.dataset = ctx.param<std::string>("dataset") == "fashion-mnist" ? ImageDataset::fashion_mnist
                                                                   : ImageDataset::digits;
  o.root = ctx.param<std::string>("path");
  o.validation_fraction = ctx.param<double>("validation_fraction");
  o.test_fraction = ctx.param<double>("test_fraction");
  o.max_images = ctx.param<std::int64_t>("max_images");
  const auto set = read_image_set(o);
  output_images(ctx, "train", set.train);
  output_images(ctx, "validation", set.validation);
  output_images(ctx, "test", set.test);
  ctx.output("classes", std::int64_t{10});
  ctx.output("content_hash", set.content_hash);
}

MethodInfo procedural_scenes_info() {
  return method("procedural_scenes",
                "Synthetic RGB scenes of coloured shapes with the per-patch coverage of every "
                "shape and colour")
      .param<int>("n", 256, "number of images", range(1, 1 << 16))
      .param<int>("size", 32, "pixels per side", range(4, 1024))
      .param<int>("patch", 8, "pixels per patch side (must divide size)", range(1, 1024))
      .param<int>("max_objects", 3, "objects per image, uniform on [1, max_objects]", range(1, 64))
      .param<double>("min_radius", 3, "smallest object radius in pixels", range(0.5, 512))
      .param<double>("max_radius", 7, "largest object radius in pixels", range(0.5, 512))
      .output<RealArray>("images", "n x size x size x 3 RGB in [0, 1], black background")
      .output<RealArray>("shape_coverage",
                         "n x P x P x 3: share of each patch's pixels showing a circle, square, "
                         "triangle (visible after occlusion)")
      .output<RealArray>("colour_coverage",
                         "n x P x P x 6: likewise for red, green, blue, yellow, magenta, cyan")
      .output<Table>("objects",
                     "one row per object in drawing order: image, shape, colour, "
                     "x, y, radius");
}

Table objects_table(const std::vector<SceneObject>& objects) {
  std::vector<std::int64_t> image;
  std::vector<std::string> shape, colour;
  std::vector<double> x, y, radius;
  for (const auto& o : objects) {
    image.push_back(o.image);
    shape.emplace_back(shape_name(o.shape));
    colour.emplace_back(colour_name(o.colour));
    x.push_back(o.x);
    y.push_back(o.y);
    radius.push_back(o.radius);
  }
  Table t;
  t.add("image", std::move(image)).add("shape", std::move(shape)).add("colour", std::move(colour));
  t.add("x", std::move(x)).add("y", std::move(y)).add("radius", std::move(radius));
  return t;
}

void procedural_scenes(Context& ctx) {
  SceneOptions o;
  o.count = ctx.param<int>("n");
  o.size = ctx.param<int>("size");
  o.patch = ctx.param<int>("patch");
  o.max_objects = ctx.param<int>("max_objects");
  o.min_radius = ctx.param<double>("min_radius");
  o.max_radius = ctx.param<double>("max_radius");
  auto rng = ctx.rng();
  auto s = generate_scenes(o, rng);
  const auto n = static_cast<std::size_t>(s.count), size = static_cast<std::size_t>(s.size),
             p = static_cast<std::size_t>(s.patches);
  ctx.output("images", RealArray{{n, size, size, 3}, std::move(s.images)});
  ctx.output("shape_coverage", RealArray{{n, p, p, shape_count}, std::move(s.shape_coverage)});
  ctx.output("colour_coverage", RealArray{{n, p, p, colour_count}, std::move(s.colour_coverage)});
  ctx.output("objects", objects_table(s.objects));
}

}  // namespace

MethodExport image_set_method() { return export_method(image_set_info(), image_set); }
MethodExport procedural_scenes_method() {
  return export_method(procedural_scenes_info(), procedural_scenes);
}

}  // namespace assay::stdlib
