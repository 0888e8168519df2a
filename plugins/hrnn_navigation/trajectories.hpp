// Random walks in a square box with border avoidance (the Sorscher et al. setting): the
// heading turns by N(0, rotation_sigma) rad/s, the speed is Rayleigh with scale speed_scale,
// and near a wall the animal turns away from it and slows down.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <random>

namespace assay::hrnn_navigation {

struct WalkOptions {
  double box = 2.2;                      // side of the square box [m], centred at 0
  double dt = 0.02;                      // time step [s]
  double rotation_sigma = 11.52;         // sd of the turning rate [rad/s]
  double speed_scale = 0.13 * 2 * M_PI;  // Rayleigh scale b of the speed [m/s]
  double border_region = 0.03;           // distance from a wall at which avoidance starts [m]
  double border_slowdown = 0.25;         // speed factor while turning away from a wall
};

// batch walks of `steps` steps. Step t turns first, then moves along the new heading:
//   heading(t+1) = heading(t) + angular_velocity(t) dt,
//   position(t+1) = position(t) + speed(t) dt (cos heading(t+1), sin heading(t+1)).
struct Walks {
  Eigen::MatrixXd angular_velocity;  // batch x steps [rad/s]
  Eigen::MatrixXd speed;             // batch x steps [m/s]
  Eigen::MatrixXd heading;           // batch x (steps + 1), unwrapped [rad]
  Eigen::MatrixXd x, y;              // batch x (steps + 1) [m]
  double dt = 0.02;
};

Walks random_walks(const WalkOptions& options, int batch, int steps, std::mt19937_64& rng);

struct Pose {
  double x = 0, y = 0, heading = 0;
};
// Integrates one walk's inputs from `start` by the update rule above.
Pose integrate_path(Pose start, const Eigen::VectorXd& angular_velocity,
                    const Eigen::VectorXd& speed, double dt);

double wrap_angle(double a);  // into [-pi, pi)

}  // namespace assay::hrnn_navigation
