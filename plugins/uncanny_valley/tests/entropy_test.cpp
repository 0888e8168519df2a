#include "entropy.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace uv = assay::uncanny_valley;

TEST_CASE("entropies of known distributions", "[uncanny_valley]") {
  const std::vector<double> uniform(8, 3.0);  // weights need not sum to one
  CHECK(uv::shannon_entropy(uniform) == Approx(3.0));
  CHECK(uv::renyi_entropy(uniform, 2.5) == Approx(3.0));
  CHECK(uv::renyi_entropy(uniform, 0) == Approx(3.0));
  const std::vector<double> q{0.5, 0.25, 0.25, 0};
  CHECK(uv::shannon_entropy(q) == Approx(1.5));
  CHECK(uv::renyi_entropy(q, 2.5) == Approx(1.3754988030401174));  // log2(sum q^2.5) / -1.5
  CHECK(uv::renyi_entropy(q, 2) == Approx(-std::log2(0.375)));     // collision entropy
  CHECK(uv::renyi_entropy(q, 0) == Approx(std::log2(3.0)));        // support
  CHECK(uv::renyi_entropy(q, 1.0001) == Approx(1.5).epsilon(1e-3));
  CHECK(uv::shannon_entropy({0, 4}) == 0);
  REQUIRE_THROWS_WITH(uv::shannon_entropy({0, 0}), Catch::Contains("no positive weight"));
  REQUIRE_THROWS_WITH(uv::renyi_entropy(q, -1), Catch::Contains("alpha"));
}
