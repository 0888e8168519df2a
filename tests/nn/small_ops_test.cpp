// abs, sqrt, clamp, minimum/maximum, logsumexp and gather_cols: gradients against central
// finite differences (double) and values against their definitions.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "nn/gradient_assert.hpp"

namespace nn = assay::nn;
using nn::testing::away;
using nn::testing::check_gradients;
using nn::testing::MatD;
using nn::testing::randn;
using nn::testing::require_close;
using V = nn::Var<double>;
using Vs = std::vector<V>;

TEST_CASE("abs, sqrt and clamp have exact gradients away from their kinks", "[nn][gradient]") {
  const MatD a = away(4, 5, 21);
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::abs(x[0]); }));
  const MatD positive = a.array().abs();
  require_close(check_gradients({positive}, [](auto&, const Vs& x) { return nn::sqrt(x[0]); }));
  // Entries of a sit at least 0.1 from 0; the bounds +-0.55 are kept 0.05 away from every entry
  // below so that finite differences (step 1e-6) never cross a kink.
  MatD inside = a;
  for (nn::Index i = 0; i < inside.size(); ++i) {
    double& v = inside.data()[i];
    if (std::abs(std::abs(v) - 0.55) < 0.05) v += 0.2;
  }
  require_close(
      check_gradients({inside}, [](auto&, const Vs& x) { return nn::clamp(x[0], -0.55, 0.55); }));
  nn::Tape<double> tape;
  const MatD c = nn::clamp(tape.constant(inside), -0.55, 0.55).value();
  CHECK(c.maxCoeff() <= 0.55);
  CHECK(c.minCoeff() >= -0.55);
  CHECK((c.array() == inside.array().max(-0.55).min(0.55)).all());
}

TEST_CASE("minimum and maximum route the gradient to the selected side, broadcasting",
          "[nn][gradient]") {
  const std::vector<std::pair<nn::Index, nn::Index>> shapes = {{3, 4}, {1, 4}, {3, 1}, {1, 1}};
  for (auto [r, c] : shapes) {
    INFO("second argument " << r << "x" << c);
    // Distinct seeds: ties have probability zero, so the functions are smooth at these points.
    const MatD a = randn(3, 4, 1), b = randn(r, c, 2);
    require_close(
        check_gradients({a, b}, [](auto&, const Vs& x) { return nn::minimum(x[0], x[1]); }));
    require_close(
        check_gradients({b, a}, [](auto&, const Vs& x) { return nn::maximum(x[0], x[1]); }));
  }
  // At a tie each side gets half, as torch.
  nn::Tape<double> tape;
  const V x = tape.variable(MatD::Constant(1, 1, 2.0));
  const V y = tape.variable(MatD::Constant(1, 1, 2.0));
  tape.backward(nn::sum(nn::maximum(x, y)));
  CHECK(x.grad()(0, 0) == 0.5);
  CHECK(y.grad()(0, 0) == 0.5);
}

TEST_CASE("logsumexp and gather_cols have exact gradients and match their definitions",
          "[nn][gradient]") {
  const MatD a = randn(5, 4, 3);
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::logsumexp(x[0]); }));
  // Repeated columns across rows; each row picks one entry.
  const std::vector<int> cols = {3, 0, 3, 1, 2};
  require_close(
      check_gradients({a}, [cols](auto&, const Vs& x) { return nn::gather_cols(x[0], cols); }));
  nn::Tape<double> tape;
  MatD big = a;
  big(0, 0) = 1000;  // must not overflow
  const MatD lse = nn::logsumexp(tape.constant(big)).value();
  CHECK(lse(0, 0) == Approx(1000).epsilon(1e-15));
  for (nn::Index i = 1; i < a.rows(); ++i) {
    CHECK(lse(i, 0) == Approx(std::log(a.row(i).array().exp().sum())).epsilon(1e-14));
  }
  const MatD picked = nn::gather_cols(tape.constant(a), cols).value();
  for (nn::Index i = 0; i < a.rows(); ++i) CHECK(picked(i, 0) == a(i, cols[i]));
  // The label's log-probability: gather_cols of log_softmax equals logit - logsumexp.
  const V logits = tape.constant(a);
  const MatD direct = nn::gather_cols(nn::log_softmax(logits), cols).value();
  const MatD composed = (nn::gather_cols(logits, cols) - nn::logsumexp(logits)).value();
  CHECK((direct - composed).cwiseAbs().maxCoeff() < 1e-14);
  REQUIRE_THROWS_AS(nn::gather_cols(logits, {0, 0, 0, 0, 4}), std::out_of_range);
  REQUIRE_THROWS_WITH(nn::gather_cols(logits, {0}), Catch::Contains("gather_cols"));
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(nn::logsumexp(tape.constant(MatD::Constant(1, 3, -inf))).item() == -inf);
}
