#include "procedural_scenes.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace sl = assay::stdlib;

namespace {

sl::Scenes scenes(std::uint64_t seed, int count = 40) {
  sl::SceneOptions o;
  o.count = count;
  std::mt19937_64 rng(seed);
  return sl::generate_scenes(o, rng);
}

// Index of the palette colour a pixel shows, -1 for black.
int colour_at(const sl::Scenes& s, std::size_t pixel) {
  for (int k = 0; k < sl::colour_count; ++k) {
    bool same = true;
    for (int c = 0; c < 3; ++c) same = same && s.images[pixel * 3 + c] == sl::scene_colours()[k][c];
    if (same) return k;
  }
  return -1;
}

}  // namespace

TEST_CASE("scene colour coverage is the share of each patch showing each colour", "[stdlib]") {
  const auto s = scenes(5);
  const int patch = s.size / s.patches;
  for (int image = 0; image < s.count; ++image) {
    for (int cell = 0; cell < s.patches * s.patches; ++cell) {
      std::vector<double> share(sl::colour_count);
      for (int dy = 0; dy < patch; ++dy)
        for (int dx = 0; dx < patch; ++dx) {
          const int y = cell / s.patches * patch + dy, x = cell % s.patches * patch + dx;
          const int k = colour_at(s, (static_cast<std::size_t>(image) * s.size + y) * s.size + x);
          if (k >= 0) share[k] += 1.0 / (patch * patch);
        }
      const auto at = static_cast<std::size_t>(image) * s.patches * s.patches + cell;
      double shapes = 0, colours = 0;
      for (int k = 0; k < sl::colour_count; ++k) {
        REQUIRE(s.colour_coverage[at * sl::colour_count + k] == Approx(share[k]).margin(1e-12));
        colours += share[k];
      }
      for (int k = 0; k < sl::shape_count; ++k)
        shapes += s.shape_coverage[at * sl::shape_count + k];
      REQUIRE(shapes == Approx(colours).margin(1e-12));
      REQUIRE(colours <= 1 + 1e-12);
    }
  }
}

TEST_CASE("scenes follow the seed and keep objects inside the image", "[stdlib]") {
  const auto a = scenes(9), b = scenes(9), c = scenes(10);
  CHECK(a.images == b.images);
  CHECK(a.images != c.images);
  for (const auto& o : a.objects) {
    CHECK(o.x - o.radius >= 0);
    CHECK(o.x + o.radius <= a.size);
    CHECK(o.y - o.radius >= 0);
    CHECK(o.y + o.radius <= a.size);
  }
  CHECK(a.objects.size() >= 40);
  CHECK(a.objects.size() <= 120);
}

TEST_CASE("shape areas on the pixel grid approach their continuous areas", "[stdlib]") {
  // Radius 20 on a 64-pixel grid: pixels cut by the boundary number about its perimeter, so
  // the count is within one perimeter of the area (a loose, safe bound).
  const double r = 20;
  const struct {
    sl::Shape shape;
    double area, perimeter;
  } cases[] = {{sl::Shape::circle, M_PI * r * r, 2 * M_PI * r},
               {sl::Shape::square, 4 * r * r, 8 * r},
               {sl::Shape::triangle, 2 * r * r, 2 * r + 2 * std::sqrt(5.0) * r}};
  for (const auto& c : cases) {
    int inside = 0;
    for (int y = 0; y < 64; ++y)
      for (int x = 0; x < 64; ++x) inside += sl::inside(c.shape, 32, 32, r, x + 0.5, y + 0.5);
    CHECK(std::abs(inside - c.area) < c.perimeter);
  }
}

TEST_CASE("scene options that cannot be drawn are refused", "[stdlib]") {
  sl::SceneOptions o;
  std::mt19937_64 rng(1);
  o.patch = 5;
  CHECK_THROWS_WITH(sl::generate_scenes(o, rng), Catch::Contains("does not divide size 32"));
  o.patch = 8;
  o.max_radius = 17;
  CHECK_THROWS_WITH(sl::generate_scenes(o, rng), Catch::Contains("do not fit"));
}
