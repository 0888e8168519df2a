#include "reference_agreement.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <limits>

#include "irt_model.hpp"

namespace assay::monoculture {

double rasch_agreement_integral(double ability_1, double ability_2, double difficulty_sd) {
  if (difficulty_sd == 0) {
    const double p1 = sigmoid(ability_1), p2 = sigmoid(ability_2);
    return p1 * p2 + (1 - p1) * (1 - p2);
  }
  const double inv_sqrt_2pi = boost::math::constants::one_div_root_two_pi<double>();
  auto integrand = [&](double z) {  // z = b / sd_b, standard normal
    const double b = difficulty_sd * z;
    const double p1 = sigmoid(ability_1 - b), p2 = sigmoid(ability_2 - b);
    return (p1 * p2 + (1 - p1) * (1 - p2)) * inv_sqrt_2pi * std::exp(-0.5 * z * z);
  };
  const double inf = std::numeric_limits<double>::infinity();
  return boost::math::quadrature::gauss_kronrod<double, 61>::integrate(integrand, -inf, inf, 15,
                                                                       1e-12);
}

}  // namespace assay::monoculture
