// Closed form used to check the item null: two Rasch models with abilities theta_1, theta_2
// that are independent given the item, on items with b ~ N(0, sd_b^2), agree with probability
//   integral over b of [p_1(b) p_2(b) + (1 - p_1(b))(1 - p_2(b))] N(b; 0, sd_b^2) db,
// p_i(b) = sigma(theta_i - b), computed by adaptive Gauss-Kronrod quadrature (Boost.Math) on
// the real line, independently of the grid the method itself integrates on.
#pragma once

namespace assay::monoculture {

double rasch_agreement_integral(double ability_1, double ability_2, double difficulty_sd);

}  // namespace assay::monoculture
