#include "trajectories.hpp"

#include <algorithm>
#include <assay/nn/matrix.hpp>
#include <cmath>

namespace assay::hrnn_navigation {

double wrap_angle(double a) {
  const double two_pi = 2 * M_PI;
  a = std::fmod(a + M_PI, two_pi);
  if (a < 0) a += two_pi;
  return a - M_PI;
}

namespace {

struct WallProximity {
  double distance = 0;  // to the nearest wall
  double angle = 0;     // heading relative to the outward normal of that wall, in [-pi, pi)
};

WallProximity nearest_wall(double x, double y, double heading, double half) {
  // Outward normals of the walls x = +half, y = +half, x = -half, y = -half.
  const double distances[4] = {half - x, half - y, half + x, half + y};
  const int k = static_cast<int>(std::min_element(distances, distances + 4) - distances);
  return {distances[k], wrap_angle(heading - k * M_PI / 2)};
}

// The longest step from (x, y) along (c, s) that stays in the box, so a step never leaves it
// and the position stays the exact integral of speed and heading.
double room_ahead(double x, double y, double c, double s, double half) {
  const auto room = [half](double p, double d) {
    if (d > 0) return (half - p) / d;
    if (d < 0) return (-half - p) / d;
    return HUGE_VAL;
  };
  return std::max(0.0, std::min(room(x, c), room(y, s)));
}

double rayleigh(double scale, std::mt19937_64& rng) {
  const double u = nn::uniform01(rng);
  return scale * std::sqrt(-2 * std::log1p(-u));
}

}  // namespace

Walks random_walks(const WalkOptions& o, int batch, int steps, std::mt19937_64& rng) {
  Walks w;
  w.dt = o.dt;
  w.angular_velocity.resize(batch, steps);
  w.speed.resize(batch, steps);
  w.heading.resize(batch, steps + 1);
  w.x.resize(batch, steps + 1);
  w.y.resize(batch, steps + 1);
  const double half = o.box / 2;
  for (int b = 0; b < batch; ++b) {
    w.x(b, 0) = (nn::uniform01(rng) - 0.5) * (o.box - 2 * o.border_region);
    w.y(b, 0) = (nn::uniform01(rng) - 0.5) * (o.box - 2 * o.border_region);
    w.heading(b, 0) = (2 * nn::uniform01(rng) - 1) * M_PI;
    for (int t = 0; t < steps; ++t) {
      double turn = o.rotation_sigma * nn::standard_normal(rng) * o.dt;
      double v = rayleigh(o.speed_scale, rng);
      const auto wall = nearest_wall(w.x(b, t), w.y(b, t), w.heading(b, t), half);
      // Facing a near wall: turn until parallel to it, and slow down.
      if (wall.distance < o.border_region && std::abs(wall.angle) < M_PI / 2) {
        turn += std::copysign(M_PI / 2 - std::abs(wall.angle), wall.angle);
        v *= o.border_slowdown;
      }
      w.angular_velocity(b, t) = turn / o.dt;
      const double h = w.heading(b, t) + turn;
      v = std::min(v, room_ahead(w.x(b, t), w.y(b, t), std::cos(h), std::sin(h), half) / o.dt);
      w.speed(b, t) = v;
      w.heading(b, t + 1) = h;
      w.x(b, t + 1) = w.x(b, t) + v * o.dt * std::cos(h);
      w.y(b, t + 1) = w.y(b, t) + v * o.dt * std::sin(h);
    }
  }
  return w;
}

Pose integrate_path(Pose p, const Eigen::VectorXd& angular_velocity, const Eigen::VectorXd& speed,
                    double dt) {
  for (Eigen::Index t = 0; t < angular_velocity.size(); ++t) {
    p.heading += angular_velocity(t) * dt;
    p.x += speed(t) * dt * std::cos(p.heading);
    p.y += speed(t) * dt * std::sin(p.heading);
  }
  return p;
}

}  // namespace assay::hrnn_navigation
