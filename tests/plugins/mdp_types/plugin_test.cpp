#include <catch2/catch.hpp>
#include <cmath>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {
void require_check(const std::string& method, const std::string& check) {
  const auto result = at::run_check(method, check, 7);
  INFO(method << "/" << check << ": measured " << result.measured << " " << result.relation
              << " expected " << result.expected << " (" << result.detail << ")");
  REQUIRE(result.passed);
}
}  // namespace

TEST_CASE("markov_pair_ldp checks pass", "[mdp_types][verify]") {
  for (const char* check : {"exact_rate_above_limit", "gap_shrinks_like_log_n_over_n",
                            "primal_equals_dual", "exact_matches_monte_carlo"})
    require_check("markov_pair_ldp", check);
}

TEST_CASE("type_class_sizes checks pass", "[mdp_types][verify]") {
  for (const char* check :
       {"whittle_equals_enumeration", "class_sizes_within_type_bounds", "type_count_polynomial"})
    require_check("type_class_sizes", check);
}

TEST_CASE("kl_pessimism checks pass", "[mdp_types][verify]") {
  for (const char* check :
       {"coverage_at_least_1_minus_alpha", "pessimistic_below_truth", "dual_equals_brute_force"})
    require_check("kl_pessimism", check);
}

TEST_CASE("markov_coding_exponent checks pass", "[mdp_types][verify]") {
  for (const char* check : {"zero_up_to_entropy_rate", "positive_increasing_convex_above",
                            "simulated_errors_decay_at_exponent"})
    require_check("markov_coding_exponent", check);
}
