// Checks: a paper's checkable claims, run by `assay verify`. A check computes a measured
// value with the method's own code and compares it with what the paper (or a closed form)
// says, under a tolerance derived from the statistics of the measurement.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace assay {

struct CheckResult {
  double measured = 0;
  double expected = 0;
  std::string relation;  // e.g. "|m - e| <= 0.05", "m <= e", "m >= e"
  bool passed = false;
  std::string detail;
};

CheckResult expect_near(double measured, double expected, double tolerance,
                        std::string detail = {});
CheckResult expect_at_most(double measured, double bound, std::string detail = {});
CheckResult expect_at_least(double measured, double bound, std::string detail = {});

// What a check sees: a fixed seed (checks are reproducible) and a log line sink.
struct CheckContext {
  std::uint64_t seed = 1;
  std::function<void(const std::string&)> log;
};

using CheckFn = std::function<CheckResult(const CheckContext&)>;

struct CheckSpec {
  std::string name;
  std::string claim;  // the paper's statement, in one sentence
  CheckFn run;
};

}  // namespace assay
