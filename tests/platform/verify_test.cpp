// `assay verify` through the real CLI: claims that come out as declared pass, a declared
// non-reproduction that reproduces fails the run, and a plugin without claims is not a pass.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>

#include "support/assay_process.hpp"

namespace {

using assay::testing::ProcessResult;
using assay::testing::run_assay;

ProcessResult verify_with_claims_plugin(const std::string& method) {
  setenv("ASSAY_PLUGIN_PATH", (std::string(ASSAY_BUILD_DIR) + "/tests/claims_plugin").c_str(), 1);
  auto result = run_assay({"verify", method});
  unsetenv("ASSAY_PLUGIN_PATH");
  return result;
}

}  // namespace

TEST_CASE("verify passes when a documented finding does not reproduce, as declared", "[cli]") {
  const auto r = verify_with_claims_plugin("claims_as_declared");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("reproduces") && Catch::Contains("finding") &&
                        Catch::Contains("declared not to reproduce: two is not one "
                                        "(README.md#arithmetic)"));
  CHECK_THAT(r.err, Catch::Contains("2 of 2 checks as declared: 1 reproduce, 1 documented"));
}

TEST_CASE("verify fails when a claim declared not to reproduce reproduces", "[cli]") {
  const auto r = verify_with_claims_plugin("claims_unexpected");
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Catch::Contains("UNEXPECTED"));
  CHECK_THAT(r.err, Catch::Contains("1 reproduced although declared not to"));
}

TEST_CASE("verify of a plugin without claims says so and fails", "[cli]") {
  const auto r = run_assay({"verify", "examples"});
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::Contains("nothing to verify: examples declares no checks"));
}
