// Claims: a paper's checkable statements, run by `assay verify`. A claim measures a value with
// the method's own code and compares it with what the paper (or a closed form) says, under a
// tolerance derived from the statistics of the measurement. Each claim also declares what we
// expect of it, as pytest's strict xfail does: that it reproduces, or that it does not (with
// the reason and the README section that documents the finding), so a regression and a known
// non-reproduction read differently, and a finding that starts to reproduce is news too.
//
// Header-only and free of the rest of the SDK: a plugin's science declares its claims as
// plain data, and plugin.cpp only registers them.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <functional>
#include <sstream>
#include <string>

namespace assay {

struct CheckResult {
  double measured = 0;
  double expected = 0;
  std::string relation;  // e.g. "|m - e| <= 0.05", "m <= e", "m >= e"
  bool passed = false;
  std::string detail;
};

// A number as assay::to_text prints a real: the shortest text that reads back as x, with ".0"
// on an integral value; for claims' details, which should quote what was measured exactly.
inline std::string number_text(double x) {
  char buf[32];
  const auto end = std::to_chars(buf, buf + sizeof buf, x).ptr;
  std::string s(buf, end);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
  return s;
}

namespace detail {
inline std::string tolerance_text(double x) {
  std::ostringstream s;
  s.precision(6);
  s << x;
  return s.str();
}
}  // namespace detail

inline CheckResult expect_near(double measured, double expected, double tolerance,
                               std::string detail = {}) {
  const bool ok = std::isfinite(measured) && std::abs(measured - expected) <= tolerance;
  return {measured, expected, "|m - e| <= " + detail::tolerance_text(tolerance), ok,
          std::move(detail)};
}
inline CheckResult expect_at_most(double measured, double bound, std::string detail = {}) {
  return {measured, bound, "m <= e", std::isfinite(measured) && measured <= bound,
          std::move(detail)};
}
inline CheckResult expect_at_least(double measured, double bound, std::string detail = {}) {
  return {measured, bound, "m >= e", std::isfinite(measured) && measured >= bound,
          std::move(detail)};
}

// What a check sees: a fixed seed (checks are reproducible) and a log line sink.
struct CheckContext {
  std::uint64_t seed = 1;
  std::function<void(const std::string&)> log;
};

using CheckFn = std::function<CheckResult(const CheckContext&)>;

// What the project expects a claim's check to show at the scale `assay verify` runs it.
struct DeclaredOutcome {
  bool reproduces = true;
  std::string reason;          // why it does not reproduce here (empty when it does)
  std::string readme_section;  // where the finding is documented, e.g. "README.md#findings"
};

inline DeclaredOutcome reproduces() { return {}; }
inline DeclaredOutcome does_not_reproduce(std::string reason, std::string readme_section) {
  return {false, std::move(reason), std::move(readme_section)};
}

struct Claim {
  std::string name;      // the check's name, a C identifier
  std::string sentence;  // the paper's statement, in one sentence, and how it is measured
  CheckFn measure;
  DeclaredOutcome outcome = reproduces();
};

}  // namespace assay
