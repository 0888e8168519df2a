#include "assay/check.hpp"

#include <cmath>
#include <sstream>

namespace assay {

namespace {
std::string number(double x) {
  std::ostringstream s;
  s.precision(6);
  s << x;
  return s.str();
}
}  // namespace

CheckResult expect_near(double measured, double expected, double tolerance, std::string detail) {
  const bool ok = std::isfinite(measured) && std::abs(measured - expected) <= tolerance;
  return {measured, expected, "|m - e| <= " + number(tolerance), ok, std::move(detail)};
}

CheckResult expect_at_most(double measured, double bound, std::string detail) {
  return {measured, bound, "m <= e", std::isfinite(measured) && measured <= bound,
          std::move(detail)};
}

CheckResult expect_at_least(double measured, double bound, std::string detail) {
  return {measured, bound, "m >= e", std::isfinite(measured) && measured >= bound,
          std::move(detail)};
}

}  // namespace assay
