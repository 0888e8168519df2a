#include "claim_figures.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace mc = assay::monoculture;

namespace {

mc::ExcessEstimate estimate(double excess, double low, double high) {
  mc::ExcessEstimate e;
  e.excess = excess;
  e.ci_low = low;
  e.ci_high = high;
  return e;
}

}  // namespace

TEST_CASE("item-null figure passes exactly when the interval covers zero", "[monoculture]") {
  auto near_zero = [](double excess, double low, double high) {
    mc::NullComparison r;
    r.item = estimate(excess, low, high);
    const mc::ClaimFigure f = mc::item_excess_near_zero(r);
    return std::abs(f.measured) <= f.tolerance;
  };
  CHECK(near_zero(0.01, -0.01, 0.03));
  CHECK(near_zero(-0.01, -0.03, 0.0));
  CHECK_FALSE(near_zero(0.02, 0.005, 0.04));
  CHECK_FALSE(near_zero(-0.02, -0.04, -0.001));
}

TEST_CASE("planted figures take the weakest strength and the smallest step", "[monoculture]") {
  const std::vector<mc::PowerRow> rows{{1.0, estimate(0.02, 0.01, 0.03)},
                                       {1.5, estimate(0.05, -0.01, 0.08)},
                                       {2.0, estimate(0.06, 0.04, 0.09)}};
  CHECK(mc::planted_lowest_bound(rows).measured == -0.01);
  CHECK(mc::planted_smallest_increase(rows).measured == Approx(0.01).margin(1e-15));
}

TEST_CASE("sign-flip margin needs both references significant", "[monoculture]") {
  mc::SubjectivityResult r{estimate(0.05, 0.02, 0.08), estimate(-0.06, -0.09, -0.01)};
  CHECK(mc::sign_flip_margin(r).measured == Approx(0.01).margin(1e-15));
  r.amplified_reference.ci_high = 0.01;
  CHECK(mc::sign_flip_margin(r).measured < 0);
}
