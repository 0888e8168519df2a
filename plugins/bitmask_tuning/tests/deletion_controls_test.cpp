#include "deletion_controls.hpp"

#include <catch2/catch.hpp>

namespace bt = assay::bitmask_tuning;
namespace nn = assay::nn;

TEST_CASE("the deletion controls zero exactly k weights over all gates", "[bitmask_tuning]") {
  nn::Rng rng(11);
  const nn::Matrix a = nn::normal_matrix<float>(8, 4, 1, rng),
                   b = nn::normal_matrix<float>(8, 4, 1, rng);
  const auto zeros = [](const std::vector<nn::Matrix>& m) {
    return (m[0].array() == 0).count() + (m[1].array() == 0).count();
  };
  const auto random = bt::random_deletion({&a, &b}, 9, rng);
  REQUIRE(zeros(random) == 9);
  const auto magnitude = bt::magnitude_deletion({&a, &b}, 9);
  REQUIRE(zeros(magnitude) == 9);
  // The deleted weights are the 9 smallest in magnitude.
  float largest_deleted = 0, smallest_kept = 1e9f;
  for (int m = 0; m < 2; ++m) {
    const auto& w = m == 0 ? a : b;
    for (nn::Index i = 0; i < w.size(); ++i) {
      const float x = std::abs(w.data()[i]);
      if (magnitude[m].data()[i] == 0)
        largest_deleted = std::max(largest_deleted, x);
      else
        smallest_kept = std::min(smallest_kept, x);
    }
  }
  REQUIRE(largest_deleted <= smallest_kept);
  REQUIRE(zeros(bt::random_deletion({&a, &b}, 64, rng)) == 64);
  REQUIRE_THROWS_WITH(bt::magnitude_deletion({&a, &b}, 65), Catch::Contains("65 outside [0, 64]"));
}
