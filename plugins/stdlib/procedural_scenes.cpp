#include "procedural_scenes.hpp"

#include <cmath>
#include <stdexcept>

namespace assay::stdlib {

std::string_view shape_name(int shape) {
  static constexpr std::array<std::string_view, shape_count> names = {"circle", "square",
                                                                      "triangle"};
  return names.at(shape);
}

const std::array<std::array<double, 3>, colour_count>& scene_colours() {
  static constexpr std::array<std::array<double, 3>, colour_count> rgb = {
      {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0}, {1, 0, 1}, {0, 1, 1}}};
  return rgb;
}

std::string_view colour_name(int colour) {
  static constexpr std::array<std::string_view, colour_count> names = {"red",    "green",   "blue",
                                                                       "yellow", "magenta", "cyan"};
  return names.at(colour);
}

bool inside(Shape shape, double x, double y, double radius, double px, double py) {
  const double dx = px - x, dy = py - y;
  switch (shape) {
    case Shape::circle:
      return dx * dx + dy * dy <= radius * radius;
    case Shape::square:
      return std::abs(dx) <= radius && std::abs(dy) <= radius;
    case Shape::triangle:
      // Apex at (x, y - radius), base from (x - radius, y + radius) to (x + radius, y + radius).
      return dy >= -radius && dy <= radius && std::abs(dx) <= (dy + radius) / 2;
  }
  return false;
}

namespace {

std::vector<SceneObject> place_objects(const SceneOptions& o, std::int64_t image,
                                       std::mt19937_64& rng) {
  std::uniform_int_distribution<int> objects(1, o.max_objects), shape(0, shape_count - 1),
      colour(0, colour_count - 1);
  std::uniform_real_distribution<double> radius(o.min_radius, o.max_radius);
  std::vector<SceneObject> placed(objects(rng));
  for (auto& obj : placed) {
    obj.image = image;
    obj.shape = shape(rng);
    obj.colour = colour(rng);
    obj.radius = radius(rng);
    std::uniform_real_distribution<double> centre(obj.radius, o.size - obj.radius);
    obj.x = centre(rng);
    obj.y = centre(rng);
  }
  return placed;
}

// Index of the object visible at each pixel of one image (-1: background).
std::vector<int> visible_objects(const std::vector<SceneObject>& objects, int size) {
  std::vector<int> owner(static_cast<std::size_t>(size) * size, -1);
  for (int k = 0; k < static_cast<int>(objects.size()); ++k) {
    const auto& obj = objects[k];
    for (int py = 0; py < size; ++py)
      for (int px = 0; px < size; ++px)
        if (inside(static_cast<Shape>(obj.shape), obj.x, obj.y, obj.radius, px + 0.5, py + 0.5))
          owner[py * size + px] = k;
  }
  return owner;
}

void render(const std::vector<SceneObject>& objects, const std::vector<int>& owner, int image,
            int patch, Scenes& s) {
  const double share = 1.0 / (patch * patch);
  for (int py = 0; py < s.size; ++py) {
    for (int px = 0; px < s.size; ++px) {
      const int k = owner[py * s.size + px];
      if (k < 0) continue;
      const auto& obj = objects[k];
      const auto pixel = ((static_cast<std::size_t>(image) * s.size + py) * s.size + px) * 3;
      for (int c = 0; c < 3; ++c) s.images[pixel + c] = scene_colours()[obj.colour][c];
      const auto cell =
          (static_cast<std::size_t>(image) * s.patches + py / patch) * s.patches + px / patch;
      s.shape_coverage[cell * shape_count + obj.shape] += share;
      s.colour_coverage[cell * colour_count + obj.colour] += share;
    }
  }
}

}  // namespace

Scenes generate_scenes(const SceneOptions& o, std::mt19937_64& rng) {
  if (o.patch <= 0 || o.size % o.patch != 0)
    throw std::invalid_argument("patch: " + std::to_string(o.patch) + " does not divide size " +
                                std::to_string(o.size) + "; choose a divisor");
  if (o.min_radius > o.max_radius || 2 * o.max_radius > o.size)
    throw std::invalid_argument("max_radius: objects of radius up to " +
                                std::to_string(o.max_radius) + " do not fit in " +
                                std::to_string(o.size) +
                                " pixels; use min_radius <= max_radius "
                                "<= size / 2");
  Scenes s;
  s.count = o.count;
  s.size = o.size;
  s.patches = o.size / o.patch;
  const auto cells = static_cast<std::size_t>(o.count) * s.patches * s.patches;
  s.images.assign(static_cast<std::size_t>(o.count) * o.size * o.size * 3, 0.0);
  s.shape_coverage.assign(cells * shape_count, 0.0);
  s.colour_coverage.assign(cells * colour_count, 0.0);
  for (int image = 0; image < o.count; ++image) {
    const auto objects = place_objects(o, image, rng);
    render(objects, visible_objects(objects, o.size), image, o.patch, s);
    s.objects.insert(s.objects.end(), objects.begin(), objects.end());
  }
  return s;
}

}  // namespace assay::stdlib
