// Every operation's backward pass against central finite differences (double precision).
#include <catch2/catch.hpp>
#include <limits>

#include "nn/gradient_check.hpp"

namespace nn = assay::nn;
using nn::testing::check_gradients;
using nn::testing::kTolerance;
using nn::testing::MatD;
using V = nn::Var<double>;
using Vs = std::vector<V>;

namespace {

MatD randn(nn::Index r, nn::Index c, std::uint64_t seed) {
  nn::Rng rng(seed);
  return nn::normal_matrix<double>(r, c, 1.0, rng);
}

MatD away(nn::Index r, nn::Index c, std::uint64_t seed) {
  nn::Rng rng(seed);
  return nn::testing::away_from_zero(r, c, rng);
}

void require_close(const nn::testing::GradientError& e) {
  INFO(e.where);
  REQUIRE(e.max_error < kTolerance);
}

}  // namespace

TEST_CASE("matmul variants and affine have exact gradients", "[nn][gradient]") {
  require_close(check_gradients({randn(3, 4, 1), randn(4, 5, 2)},
                                [](auto&, const Vs& x) { return nn::matmul(x[0], x[1]); }));
  require_close(check_gradients({randn(3, 4, 1), randn(5, 4, 2)},
                                [](auto&, const Vs& x) { return nn::matmul_nt(x[0], x[1]); }));
  require_close(check_gradients({randn(4, 3, 1), randn(4, 5, 2)},
                                [](auto&, const Vs& x) { return nn::matmul_tn(x[0], x[1]); }));
  require_close(check_gradients({randn(3, 4, 1), randn(5, 4, 2), randn(1, 5, 3)},
                                [](auto&, const Vs& x) { return nn::affine(x[0], x[1], x[2]); }));
  require_close(check_gradients({randn(3, 4, 1), randn(5, 4, 2)},
                                [](auto&, const Vs& x) { return nn::affine(x[0], x[1], V()); }));
  // The same Var on both sides.
  require_close(
      check_gradients({randn(4, 4, 1)}, [](auto&, const Vs& x) { return nn::matmul(x[0], x[0]); }));
}

TEST_CASE("broadcasting arithmetic sums gradients over broadcast dimensions", "[nn][gradient]") {
  const std::vector<std::pair<nn::Index, nn::Index>> shapes = {{3, 4}, {1, 4}, {3, 1}, {1, 1}};
  for (auto [r, c] : shapes) {
    for (auto [r2, c2] : shapes) {
      INFO("shapes " << r << "x" << c << " and " << r2 << "x" << c2);
      const MatD a = randn(r, c, 1), b = randn(r2, c2, 2);
      require_close(check_gradients({a, b}, [](auto&, const Vs& x) { return x[0] + x[1]; }));
      require_close(check_gradients({a, b}, [](auto&, const Vs& x) { return x[0] - x[1]; }));
      require_close(
          check_gradients({a, b}, [](auto&, const Vs& x) { return nn::mul(x[0], x[1]); }));
    }
  }
  require_close(check_gradients({randn(3, 4, 1)}, [](auto&, const Vs& x) {
    return nn::add_scalar(nn::scale(x[0], 2.5), 1.0) * 3.0 - x[0];
  }));
}

TEST_CASE("reductions and shape operations route gradients to the right entries",
          "[nn][gradient]") {
  const MatD a = randn(3, 4, 1);
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::sum(x[0]); }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::mean(x[0]); }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::row_sums(x[0]); }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::column_sums(x[0]); }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::transpose(x[0]); }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::reshape(x[0], 6, 2); }));
  require_close(check_gradients({a, randn(3, 2, 2)}, [](auto&, const Vs& x) {
    return nn::concat_cols<double>({x[0], x[1], x[0]});
  }));
  require_close(check_gradients({a, randn(2, 4, 2)}, [](auto&, const Vs& x) {
    return nn::concat_rows<double>({x[1], x[0]});
  }));
  require_close(
      check_gradients({a}, [](auto&, const Vs& x) { return nn::slice_cols(x[0], 1, 2); }));
  require_close(
      check_gradients({a}, [](auto&, const Vs& x) { return nn::slice_rows(x[0], 1, 2); }));
  // Repeated indices must scatter-add.
  require_close(check_gradients({randn(5, 3, 3)}, [](auto&, const Vs& x) {
    return nn::gather_rows(x[0], {4, 0, 4, 2, 4});
  }));
}

TEST_CASE("activations have exact gradients away from their kinks", "[nn][gradient]") {
  const MatD a = away(4, 5, 11);
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::relu(x[0]); }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::leaky_relu(x[0], 0.1); }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::gelu(x[0]); }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::silu(x[0]); }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::tanh(x[0]); }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::sigmoid(x[0]); }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::softplus(x[0]); }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::exp(x[0]); }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::square(x[0]); }));
  const MatD positive = a.array().abs();
  require_close(check_gradients({positive}, [](auto&, const Vs& x) { return nn::log(x[0]); }));
}

TEST_CASE("softmax, masked softmax and log-softmax have exact gradients", "[nn][gradient]") {
  const MatD a = randn(6, 4, 5);
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::softmax(x[0]); }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::log_softmax(x[0]); }));
  // A 3 x 4 mask repeated over two blocks of rows, with a finite bias, -inf entries and one
  // row masked entirely (its output and gradient must be zero, not NaN).
  const double inf = std::numeric_limits<double>::infinity();
  MatD mask(3, 4);
  mask << 0, -inf, 0.5, 0,     //
      -inf, -inf, -inf, -inf,  //
      0, 0, -inf, -1;
  require_close(
      check_gradients({a}, [mask](auto&, const Vs& x) { return nn::softmax(x[0], mask); }));
  nn::Tape<double> tape;
  const V y = nn::softmax(tape.variable(a), mask);
  CHECK(y.value().row(1).isZero());
  CHECK(y.value().row(4).isZero());
  CHECK(y.value()(0, 1) == 0.0);
  CHECK(y.value().row(0).sum() == Approx(1.0).epsilon(1e-12));
}

TEST_CASE("multi-head attention with and without a causal mask has exact gradients",
          "[nn][gradient]") {
  const MatD q = randn(6, 4, 1), k = randn(6, 4, 2), v = randn(6, 4, 3);
  for (bool causal : {false, true}) {
    INFO("causal " << causal);
    const MatD mask = causal ? nn::causal_mask<double>(3) : MatD();
    require_close(check_gradients({q, k, v}, [mask](auto&, const Vs& x) {
      return nn::attention(x[0], x[1], x[2], 2, 2, mask);
    }));
  }
}

TEST_CASE("attention over longer sequences has exact gradients with causal and arbitrary masks",
          "[nn][gradient]") {
  // Length 7 splits the queries into chunks of 4 and 3 rows; the arbitrary mask hides the last
  // two keys from the first chunk, one key in the middle, and every key from query 2.
  MatD holes = MatD::Zero(7, 7);
  const double inf = std::numeric_limits<double>::infinity();
  holes.block(0, 5, 4, 2).setConstant(-inf);
  holes(4, 3) = -inf;
  holes.row(2).setConstant(-inf);
  const MatD q = randn(14, 4, 11), k = randn(14, 4, 12), v = randn(14, 4, 13);
  for (const MatD& mask : {nn::causal_mask<double>(7), holes}) {
    require_close(check_gradients({q, k, v}, [mask](auto&, const Vs& x) {
      return nn::attention(x[0], x[1], x[2], 2, 2, mask);
    }));
  }
  // Every query of the first chunk sees no key: its outputs are zeros.
  MatD blind = MatD::Zero(7, 7);
  blind.topRows(4).setConstant(-inf);
  nn::Tape<double> tape;
  const MatD out =
      nn::attention(tape.constant(q), tape.constant(k), tape.constant(v), 2, 2, blind).value();
  for (int b = 0; b < 2; ++b) {
    CHECK(out.middleRows(7 * b, 4).cwiseAbs().maxCoeff() == 0.0);
    CHECK(out.middleRows(7 * b + 4, 3).cwiseAbs().maxCoeff() > 0.0);
  }
}

TEST_CASE("attention equals softmax(q k^T / sqrt(d) + mask) v per sequence and head", "[nn]") {
  const MatD q = randn(6, 4, 1), k = randn(6, 4, 2), v = randn(6, 4, 3);
  const MatD mask = nn::causal_mask<double>(3);
  nn::Tape<double> tape;
  MatD probs;
  const MatD out =
      nn::attention(tape.constant(q), tape.constant(k), tape.constant(v), 2, 2, mask, &probs)
          .value();
  for (int b = 0; b < 2; ++b) {
    for (int h = 0; h < 2; ++h) {
      const V qs = tape.constant(q.block(3 * b, 2 * h, 3, 2));
      const V ks = tape.constant(k.block(3 * b, 2 * h, 3, 2));
      const V p = nn::softmax(nn::scale(nn::matmul_nt(qs, ks), 1 / std::sqrt(2.0)), mask);
      const MatD expected = p.value() * v.block(3 * b, 2 * h, 3, 2);
      CHECK((out.block(3 * b, 2 * h, 3, 2) - expected).cwiseAbs().maxCoeff() < 1e-12);
      CHECK((probs.middleRows((b * 2 + h) * 3, 3) - p.value()).cwiseAbs().maxCoeff() < 1e-12);
    }
  }
}

TEST_CASE("layer norm and RMS norm have exact gradients with and without gains", "[nn][gradient]") {
  const MatD x = randn(4, 6, 1), g = randn(1, 6, 2), b = randn(1, 6, 3);
  require_close(check_gradients(
      {x, g, b}, [](auto&, const Vs& v) { return nn::layer_norm(v[0], v[1], v[2], 1e-5); }));
  require_close(check_gradients(
      {x}, [](auto&, const Vs& v) { return nn::layer_norm(v[0], V(), V(), 1e-5); }));
  require_close(
      check_gradients({x, g}, [](auto&, const Vs& v) { return nn::rms_norm(v[0], v[1], 1e-6); }));
  require_close(check_gradients({x}, [](auto&, const Vs& v) { return nn::rms_norm(v[0], V()); }));
}

TEST_CASE("layer norm output has zero mean and unit variance per row", "[nn]") {
  nn::Tape<double> tape;
  const MatD y = nn::layer_norm(tape.constant(randn(5, 8, 4)), V(), V(), 0.0).value();
  CHECK(y.rowwise().mean().cwiseAbs().maxCoeff() < 1e-12);
  CHECK(((y.array().square().rowwise().mean()) - 1).abs().maxCoeff() < 1e-12);
}

TEST_CASE("dropout and abs-top-k pass gradients only through kept entries", "[nn][gradient]") {
  const MatD a = away(4, 6, 9);
  require_close(check_gradients({a}, [](auto&, const Vs& x) {
    nn::Rng rng(3);  // the same mask on every evaluation
    return nn::dropout(x[0], 0.4, rng);
  }));
  require_close(check_gradients({a}, [](auto&, const Vs& x) { return nn::abs_topk(x[0], 2); }));
  nn::Tape<double> tape;
  const MatD y = nn::abs_topk(tape.constant(a), 2).value();
  for (nn::Index i = 0; i < y.rows(); ++i) {
    CHECK((y.row(i).array() != 0).count() == 2);
    const double kept_min =
        (y.row(i).array() != 0).select(y.row(i).array().abs(), INFINITY).minCoeff();
    const double dropped_max =
        (y.row(i).array() == 0).select(a.row(i).array().abs(), 0.0).maxCoeff();
    CHECK(kept_min > dropped_max);
  }
}

TEST_CASE("dropout keeps each entry with probability 1 - p and rescales it", "[nn]") {
  nn::Tape<double> tape;
  nn::Rng rng(5);
  const double p = 0.3;
  const MatD y = nn::dropout(tape.constant(MatD::Ones(200, 100)), p, rng).value();
  const double kept = (y.array() != 0).cast<double>().mean();
  // Binomial(20000, 0.7): standard error sqrt(0.21 / 20000) = 0.0032; 5 SE.
  CHECK(std::abs(kept - 0.7) < 5 * std::sqrt(p * (1 - p) / 20000));
  CHECK(((y.array() == 0) || ((y.array() - 1 / (1 - p)).abs() < 1e-12)).all());
}

TEST_CASE("straight-through operations forward their function and backward the identity",
          "[nn][gradient]") {
  const MatD a = away(3, 5, 4);
  const MatD upstream = randn(3, 5, 8);
  auto check_identity_backward = [&](auto op, const MatD& expected_forward) {
    nn::Tape<double> tape;
    const V x = tape.variable(a);
    const V y = op(x);
    CHECK((y.value() - expected_forward).cwiseAbs().maxCoeff() == 0.0);
    tape.backward(nn::sum(nn::mul(y, tape.constant(upstream))));
    CHECK((x.grad() - upstream).cwiseAbs().maxCoeff() == 0.0);
  };
  nn::Tape<double> ref;
  check_identity_backward([](V x) { return nn::abs_topk_ste(x, 2); },
                          nn::abs_topk(ref.constant(a), 2).value());
  check_identity_backward([](V x) { return nn::hard_threshold_ste(x, 0.8); },
                          (a.array().abs() > 0.8).select(a.array(), 0.0).matrix());
  check_identity_backward([](V x) { return nn::binarize_ste(x, 0.2); },
                          (a.array() > 0.2).cast<double>().matrix());
}

TEST_CASE("gradient reversal negates and stop-gradient blocks the gradient", "[nn][gradient]") {
  const MatD a = randn(3, 3, 1);
  nn::Tape<double> tape;
  const V x = tape.variable(a);
  tape.backward(nn::sum(nn::add(nn::gradient_reversal(x, 0.5), nn::mul(nn::stop_gradient(x), x))));
  CHECK((x.grad() - (a.array() - 0.5).matrix()).cwiseAbs().maxCoeff() < 1e-15);
}

TEST_CASE("losses have exact gradients, including ignored rows and weights", "[nn][gradient]") {
  const MatD logits = randn(5, 4, 2);
  require_close(check_gradients({logits}, [](auto&, const Vs& x) {
    return nn::cross_entropy(x[0], {1, -1, 3, 0, -1});
  }));
  MatD soft = randn(5, 4, 3).array().exp();
  soft.row(2).setZero();  // no target mass: ignored
  require_close(check_gradients(
      {logits}, [soft](auto&, const Vs& x) { return nn::soft_cross_entropy(x[0], soft); }));
  const MatD targets = (randn(5, 4, 4).array() > 0).cast<double>();
  const MatD weights = (randn(5, 4, 5).array() > -0.5).cast<double>();
  require_close(check_gradients(
      {logits * 4}, [targets](auto&, const Vs& x) { return nn::bce_with_logits(x[0], targets); }));
  require_close(check_gradients({logits}, [targets, weights](auto&, const Vs& x) {
    return nn::bce_with_logits(x[0], targets, weights);
  }));
  require_close(
      check_gradients({logits}, [targets](auto&, const Vs& x) { return nn::mse(x[0], targets); }));
}

TEST_CASE("losses match their definitions", "[nn]") {
  nn::Tape<double> tape;
  MatD logits(2, 3);
  logits << 1, 2, 3, 0, 0, 0;
  const double lse0 = std::log(std::exp(1.0) + std::exp(2.0) + std::exp(3.0));
  CHECK(nn::cross_entropy(tape.constant(logits), {0, -1}).item() ==
        Approx(lse0 - 1).epsilon(1e-12));
  CHECK(nn::cross_entropy(tape.constant(logits), {-1, -1}).item() == 0.0);
  MatD soft(2, 3);
  soft << 0.5, 0, 0.5, 0, 0, 0;
  CHECK(nn::soft_cross_entropy(tape.constant(logits), soft).item() ==
        Approx(lse0 - 2).epsilon(1e-12));
  MatD x(1, 2), t(1, 2);
  x << 1000, -2;  // the large logit must not overflow
  t << 0, 1;
  const double expected = (1000 + std::log1p(std::exp(2.0))) / 2;
  CHECK(nn::bce_with_logits(tape.constant(x), t).item() == Approx(expected).epsilon(1e-12));
  CHECK(nn::mse(tape.constant(x), t).item() == Approx((1000.0 * 1000 + 9) / 2).epsilon(1e-12));
}

TEST_CASE("shape errors name the operation and both shapes", "[nn]") {
  nn::Tape<double> tape;
  const V a = tape.constant(MatD::Zero(2, 3));
  const V b = tape.constant(MatD::Zero(2, 3));
  REQUIRE_THROWS_WITH(nn::matmul(a, b), Catch::Contains("matmul") && Catch::Contains("(2 x 3)"));
  REQUIRE_THROWS_WITH(nn::add(a, tape.constant(MatD::Zero(3, 3))), Catch::Contains("add"));
  REQUIRE_THROWS_AS(nn::gather_rows(a, {2}), std::out_of_range);
}

TEST_CASE("the gradient checker flags a backward pass that disagrees with the forward",
          "[nn][gradient]") {
  // gradient_reversal is the identity forward but negates the gradient: a deliberately
  // inconsistent pair that the check must reject with an O(1) error.
  const auto e = check_gradients({randn(3, 3, 1)},
                                 [](auto&, const Vs& x) { return nn::gradient_reversal(x[0]); });
  CHECK(e.max_error > 0.5);
}
