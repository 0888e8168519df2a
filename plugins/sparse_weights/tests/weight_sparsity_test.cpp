#include "weight_sparsity.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace sw = assay::sparse_weights;
namespace nn = assay::nn;

TEST_CASE("top-k keeps the largest weights and a few per neuron", "[sparse_weights]") {
  nn::Rng rng(3);
  nn::Mat<float> m = nn::normal_matrix<float>(20, 30, 1.0f, rng);
  m.row(7) *= 1e-3f;  // a row that top-k alone would cut off
  const nn::Mat<float> before = m;
  sw::keep_top_k_per_matrix(m, 60, 2);
  REQUIRE((m.array() != 0).count() == 60);
  for (nn::Index r = 0; r < m.rows(); ++r) REQUIRE((m.row(r).array() != 0).count() >= 2);
  for (nn::Index i = 0; i < m.size(); ++i)
    if (m.data()[i] != 0) REQUIRE(m.data()[i] == before.data()[i]);

  nn::Mat<float> plain = before;
  sw::keep_top_k_per_matrix(plain, 60, 0);
  REQUIRE((plain.array() != 0).count() == 60);
  REQUIRE((plain.row(7).array() != 0).count() == 0);
  float smallest_kept = INFINITY, largest_cut = 0;
  for (nn::Index i = 0; i < plain.size(); ++i) {
    const float x = std::abs(before.data()[i]);
    if (plain.data()[i] != 0)
      smallest_kept = std::min(smallest_kept, x);
    else
      largest_cut = std::max(largest_cut, x);
  }
  REQUIRE(largest_cut <= smallest_kept);
}

TEST_CASE("the nonzero fraction anneals from dense to the target", "[sparse_weights]") {
  const sw::SparsityOptions o{0.1, 0.5, 4};
  REQUIRE(sw::nonzero_fraction_at(0, 100, o) == 1.0);
  REQUIRE(sw::nonzero_fraction_at(25, 100, o) == Approx(0.55));
  REQUIRE(sw::nonzero_fraction_at(50, 100, o) == Approx(0.1));
  REQUIRE(sw::nonzero_fraction_at(100, 100, o) == Approx(0.1));
}
