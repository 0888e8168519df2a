#include "convex_line_search.hpp"

#include <algorithm>
#include <boost/math/tools/minima.hpp>
#include <cstdint>

namespace assay::mdp_types {

LineMinimum minimise_convex(const std::function<double(double)>& f, double lo, double first_step,
                            double max_arg) {
  double left = lo, step = first_step;
  double f_left = f(left);
  double mid = std::min(lo + step, max_arg), f_mid = f(mid);
  if (f_mid >= f_left) {
    // The minimum is in [lo, lo + step].
    std::uintmax_t iterations = 200;
    const auto [x, fx] = boost::math::tools::brent_find_minima(f, lo, mid, 52, iterations);
    return {x, fx};
  }
  while (true) {
    step *= 2;
    const double right = std::min(mid + step, max_arg);
    const double f_right = f(right);
    if (f_right >= f_mid) {
      std::uintmax_t iterations = 200;
      const auto [x, fx] = boost::math::tools::brent_find_minima(f, left, right, 52, iterations);
      return {x, fx};
    }
    if (right >= max_arg) return {right, f_right};
    left = mid;
    mid = right;
    f_mid = f_right;
  }
}

}  // namespace assay::mdp_types
