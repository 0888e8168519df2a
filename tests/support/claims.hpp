// Catch2 assertions on a plugin's checks, for plugin tests.
#pragma once

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>

#include "support/plugin_fixture.hpp"

namespace assay::testing {

// Runs the check `check` of `method` and CHECKs that it passes, printing what it measured when
// it does not; a test of several checks goes on to report every one that fails.
inline void check_claim(const std::string& method, const std::string& check,
                        std::uint64_t seed = 7) {
  const auto result = run_check(method, check, seed);
  INFO(check_text(method, check, result));
  CHECK(result.passed);
}

}  // namespace assay::testing
