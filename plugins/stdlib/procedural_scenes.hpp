// Small synthetic RGB scenes of coloured shapes with per-patch ground truth of every
// attribute, for concept studies: which patches show a circle, which show red.
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <string_view>
#include <vector>

namespace assay::stdlib {

enum class Shape : int { circle, square, triangle };
inline constexpr int shape_count = 3;
std::string_view shape_name(int shape);

inline constexpr int colour_count = 6;
// red, green, blue, yellow, magenta, cyan as RGB in [0, 1].
const std::array<std::array<double, 3>, colour_count>& scene_colours();
std::string_view colour_name(int colour);

struct SceneOptions {
  int count = 256;        // images
  int size = 32;          // pixels per side
  int patch = 8;          // pixels per patch side (divides size)
  int max_objects = 3;    // objects per image: uniform on [1, max_objects]
  double min_radius = 3;  // object radius (half-side of a square), uniform on [min, max]
  double max_radius = 7;
};

struct SceneObject {
  std::int64_t image = 0;
  int shape = 0, colour = 0;
  double x = 0, y = 0, radius = 0;  // centre in pixels (x right, y down)
};

struct Scenes {
  int count = 0, size = 0, patches = 0;  // patches per side
  std::vector<double> images;            // count x size x size x 3, row-major; black background
  // count x patches x patches x shape_count: share of the patch's pixels that show each shape
  // (after occlusion: later objects are drawn over earlier ones).
  std::vector<double> shape_coverage;
  std::vector<double> colour_coverage;  // likewise per colour
  std::vector<SceneObject> objects;     // in drawing order
};

// Whether pixel centre (px, py) lies inside the shape.
bool inside(Shape shape, double x, double y, double radius, double px, double py);

// Objects: shape and colour uniform, centre uniform on [radius, size - radius]^2, drawn in
// order from `rng`.
Scenes generate_scenes(const SceneOptions& options, std::mt19937_64& rng);

}  // namespace assay::stdlib
