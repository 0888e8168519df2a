#include "amplification.hpp"

#include <catch2/catch.hpp>

namespace sa = assay::superactivators;

TEST_CASE("a head that writes twice the prior activation has slope 2 and full alignment",
          "[superactivators]") {
  // One block, two heads, dim 3, 200 tokens; the concept lies along axis 0 for in tokens.
  std::mt19937_64 rng(1);
  std::normal_distribution<float> n;
  const int tokens = 200;
  sa::TokenStates s;
  s.layers.assign(2, sa::Matrix(tokens, 3));
  s.writes.assign(1, std::vector<sa::Matrix>(2, sa::Matrix::Zero(tokens, 3)));
  Eigen::VectorXi labels(tokens);
  for (int t = 0; t < tokens; ++t) {
    labels(t) = t % 2;
    for (int j = 0; j < 3; ++j) s.layers[0](t, j) = n(rng);
    if (labels(t)) s.layers[0](t, 0) += 2;
    s.writes[0][0](t, 0) = 2 * s.layers[0](t, 0);  // amplifies along the concept
    s.writes[0][1](t, 1) = n(rng);                 // noise off the concept
  }
  s.layers[1] = s.layers[0] + s.writes[0][0] + s.writes[0][1];
  const auto heads = sa::head_amplification(s, labels);
  REQUIRE(heads.size() == 2);
  REQUIRE(heads[0].slope_in == Approx(2).epsilon(0.1));
  REQUIRE(heads[0].alignment > 0.95);
  REQUIRE(std::abs(heads[1].slope_in) < 0.3);
  REQUIRE(sa::aligned_heads(heads) == std::vector<sa::HeadId>{{0, 0}});
  const auto control = sa::control_heads({{0, 0}}, 2, rng);
  REQUIRE(control == std::vector<sa::HeadId>{{0, 1}});
}
