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

const std::vector<double>& column(const assay::Table& table, const std::string& name) {
  for (std::size_t c = 0; c < table.names.size(); ++c)
    if (table.names[c] == name) return std::get<std::vector<double>>(table.columns[c]);
  FAIL("no column " << name);
  throw std::logic_error("unreachable");
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

TEST_CASE("mdp_value_rate checks pass", "[mdp_types][verify]") {
  for (const char* check :
       {"tail_above_rate", "tail_gap_shrinks_like_log_n_over_n", "rate_equals_lattice_minimum",
        "minimiser_has_the_value", "curvature_is_delta_method", "variance_is_delta_method"})
    require_check("mdp_value_rate", check);
}

TEST_CASE("markov_coding_exponent checks pass", "[mdp_types][verify]") {
  for (const char* check : {"zero_up_to_entropy_rate", "positive_increasing_convex_above",
                            "simulated_errors_decay_at_exponent"})
    require_check("markov_coding_exponent", check);
}

TEST_CASE("mdp_value_rate runs end to end with consistent outputs", "[mdp_types]") {
  const auto out = at::run_method(
      "mdp_value_rate", {{"offset", 0.5},
                         {"lengths", assay::ValueCodec<std::vector<double>>::encode({40, 160})},
                         {"mc_replicates", 1000}});
  const double rate = out.at("rate").as_real();
  CHECK(rate > 0);
  CHECK(out.at("target_value").as_real() ==
        Approx(out.at("true_value").as_real() + 0.5).margin(1e-12));
  CHECK(out.at("minimiser_value").as_real() ==
        Approx(out.at("target_value").as_real()).margin(1e-6));
  CHECK(out.at("minimiser_divergence").as_real() == Approx(rate).margin(1e-9));
  // Exact tails lie above the rate; the lattice minimum is never below it.
  const auto& finite = out.at("finite_n").as_table();
  for (double g : column(finite, "gap")) CHECK(g > 0);
  for (double l : column(finite, "lattice_rate")) CHECK(l >= rate - 1e-12);
  // Monte Carlo sd within 3 of its standard errors of the delta-method sd.
  CHECK(std::abs(out.at("mc_sd").as_real() - out.at("delta_method_sd").as_real()) <=
        3 * out.at("mc_sd_se").as_real());
  const auto& curve = out.at("curve").as_table();
  const auto& offsets = column(curve, "offset");
  const auto& rates = column(curve, "rate");
  for (std::size_t i = 0; i < offsets.size(); ++i)
    if (offsets[i] == 0) CHECK(rates[i] < 1e-12);
}

TEST_CASE("mdp_value_rate rejects a kernel of the wrong shape", "[mdp_types]") {
  CHECK_THROWS_WITH(
      at::run_method("mdp_value_rate",
                     {{"rewards", assay::ValueCodec<std::vector<double>>::encode({1, 0, 0})}}),
      Catch::Contains("rewards"));
}
