// One-dimensional convex minimisation: the dual problems of the method of types (Legendre
// transforms of log Perron roots, the KL-ball dual) are all of this form.
#pragma once

#include <functional>

namespace assay::mdp_types {

struct LineMinimum {
  double argmin = 0;
  double value = 0;
};

// Minimises a convex f on [lo, max_arg]: doubles a step from lo until f stops decreasing,
// then runs Brent's method on the bracket. If f still decreases at max_arg, returns max_arg.
LineMinimum minimise_convex(const std::function<double(double)>& f, double lo, double first_step,
                            double max_arg);

}  // namespace assay::mdp_types
