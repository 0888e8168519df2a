// Float operations against their double-precision evaluation on the same inputs.
//
// Float training runs on its own kernels where the CPU has AVX-512 (products, GELU, softmax,
// norms; see sdk/nn/src/*_avx512.cpp) while the finite-difference checks run in double, which
// always uses Eigen. These tests tie the two together: values and input gradients of each
// operation in float must match double on shapes that exercise every tail (rows and columns not
// multiples of the tile sizes, depth beyond one slice, tall and wide products). On a CPU without
// AVX-512 they check Eigen's float path instead.
//
// Tolerance: a float dot product of depth k with unit-scale entries carries a rounding error of
// about sqrt(k) * 2^-24 * sqrt(k) ~ 2e-5 at k = 300 (errors add as a random walk); outputs are up
// to ~50 in size there. 5e-5 * (1 + max |reference|) sits above that with a margin, while a wrong
// index, transpose or tail mask gives errors of the size of the values themselves.
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "assay/nn/nn.hpp"

namespace nn = assay::nn;

namespace {

constexpr double kRelativeTolerance = 5e-5;

template <class T>
using Build = std::function<nn::Var<T>(const std::vector<nn::Var<T>>&)>;

// Value and input gradients of L = sum(op(inputs) * R) for a fixed random R.
template <class T>
std::vector<nn::Mat<T>> evaluate(const std::vector<nn::Mat<double>>& inputs, const Build<T>& op) {
  nn::Tape<T> tape;
  std::vector<nn::Var<T>> vars;
  for (const auto& x : inputs) vars.push_back(tape.variable(x.template cast<T>()));
  const nn::Var<T> out = op(vars);
  nn::Rng rng(99);
  const nn::Mat<T> r =
      nn::normal_matrix<double>(out.rows(), out.cols(), 1.0, rng).template cast<T>();
  tape.backward(nn::sum(nn::mul(out, tape.constant(r))));
  std::vector<nn::Mat<T>> results{out.value()};
  for (const auto& v : vars) {
    results.push_back(v.grad().size() ? v.grad() : nn::Mat<T>::Zero(v.rows(), v.cols()));
  }
  return results;
}

// Checks that float and double agree on the value and every input gradient of `op`.
template <class Op>
void require_float_matches_double(const std::vector<nn::Mat<double>>& inputs, Op op) {
  const auto single = evaluate<float>(inputs, Build<float>(op));
  const auto reference = evaluate<double>(inputs, Build<double>(op));
  for (std::size_t i = 0; i < reference.size(); ++i) {
    INFO((i == 0 ? std::string("value") : "gradient of input " + std::to_string(i - 1)));
    const nn::Mat<double>& ref = reference[i];
    const double scale = 1 + ref.cwiseAbs().maxCoeff();
    REQUIRE(single[i].rows() == ref.rows());
    REQUIRE(single[i].cols() == ref.cols());
    CHECK((single[i].cast<double>() - ref).cwiseAbs().maxCoeff() < kRelativeTolerance * scale);
  }
}

// m in the scalar type of `like`.
template <class T>
nn::Mat<T> cast_like(const nn::Mat<double>& m, nn::Var<T>) {
  return m.template cast<T>();
}

nn::Mat<double> randn(nn::Index r, nn::Index c, std::uint64_t seed) {
  nn::Rng rng(seed);
  return nn::normal_matrix<double>(r, c, 1.0, rng);
}

}  // namespace

TEST_CASE("float products match double on every tile tail, depth slice and transpose",
          "[nn][float]") {
  // (m, k, n): tails in rows and columns, n = 70 (a 64-column block and a masked one), k = 300
  // (three depth slices), m = 100 > n = 80 > 64 (row bands), one-column and one-row products.
  const int shapes[][3] = {{37, 13, 29}, {100, 64, 80}, {5, 300, 70}, {64, 128, 128},
                           {33, 17, 1},  {1, 40, 33},   {16, 16, 16}};
  for (const auto& s : shapes) {
    const int m = s[0], k = s[1], n = s[2];
    INFO("m " << m << " k " << k << " n " << n);
    const auto a = randn(m, k, 1), b = randn(k, n, 2), bt = randn(n, k, 3), at = randn(k, m, 4);
    const auto row_bias = randn(1, n, 5), full_bias = randn(m, n, 6);
    require_float_matches_double({a, b}, [](const auto& x) { return nn::matmul(x[0], x[1]); });
    require_float_matches_double({a, bt}, [](const auto& x) { return nn::matmul_nt(x[0], x[1]); });
    require_float_matches_double({at, b}, [](const auto& x) { return nn::matmul_tn(x[0], x[1]); });
    require_float_matches_double({a, bt, row_bias},
                                 [](const auto& x) { return nn::affine(x[0], x[1], x[2]); });
    require_float_matches_double({a, bt, full_bias},
                                 [](const auto& x) { return nn::affine(x[0], x[1], x[2]); });
    require_float_matches_double({a, bt}, [](const auto& x) {
      return nn::affine(x[0], x[1], std::decay_t<decltype(x[0])>());
    });
  }
}

TEST_CASE("float GELU matches double to a few float ulps, tails included", "[nn][float]") {
  nn::Mat<double> x(1, 4001);
  for (int i = 0; i < x.cols(); ++i) x(0, i) = -20 + 0.01 * i;
  require_float_matches_double({x}, [](const auto& v) { return nn::gelu(v[0]); });
  // Entry by entry, value and slope (the gradient of sum(gelu(x))): within 16 ulps (rounding
  // x / sqrt 2 alone moves exp(-z^2) by up to 2 z^2 ulps) plus 2e-7 (1 + |x|), the error of
  // forming 1 + erf(z) in float and multiplying by x, which is the accuracy Eigen's float path
  // (and torch's formula) has in the left tail; and exact zeros, never denormals, far out.
  nn::Tape<float> single;
  nn::Tape<double> reference;
  const nn::Var<float> x_single = single.variable(x.cast<float>());
  const nn::Var<double> x_reference = reference.variable(x);
  const nn::Var<float> y = nn::gelu(x_single);
  const nn::Var<double> y_ref = nn::gelu(x_reference);
  single.backward(nn::sum(y));
  reference.backward(nn::sum(y_ref));
  for (int i = 0; i < x.cols(); ++i) {
    INFO("x = " << x(0, i));
    const double allowed = 2e-7 * (1 + std::abs(x(0, i)));
    auto close = [allowed](double a, double b) {
      return std::abs(a - b) <= 16 * 6e-8 * std::abs(b) + allowed;
    };
    CHECK(close(y.value()(0, i), y_ref.value()(0, i)));
    CHECK(close(x_single.grad()(0, i), x_reference.grad()(0, i)));
    CHECK(std::fpclassify(y.value()(0, i)) != FP_SUBNORMAL);
    CHECK(std::fpclassify(x_single.grad()(0, i)) != FP_SUBNORMAL);
  }
}

TEST_CASE("float softmax and attention match double with causal and arbitrary masks",
          "[nn][float]") {
  const double inf = std::numeric_limits<double>::infinity();
  // Rows of 70 entries (a full vector tail), one row masked entirely, -infinity in the input.
  // Scores spread over +-30, so that probabilities span many orders of magnitude.
  nn::Mat<double> scores = 10 * randn(6, 70, 7);
  scores(3, 5) = -inf;
  nn::Mat<double> mask = nn::Mat<double>::Zero(3, 70);
  mask.row(1).setConstant(-inf);
  mask(2, 69) = -inf;
  require_float_matches_double(
      {scores}, [mask](const auto& x) { return nn::softmax(x[0], cast_like(mask, x[0])); });
  require_float_matches_double({scores}, [](const auto& x) { return nn::softmax(x[0]); });
  // Length 37: query chunks of 16, 16 and 5 rows, keys in masked vector tails.
  nn::Mat<double> holes = nn::Mat<double>::Zero(37, 37);
  holes.block(0, 30, 16, 7).setConstant(-inf);
  holes.row(20).setConstant(-inf);
  const auto q = randn(74, 32, 8), k = randn(74, 32, 9), v = randn(74, 32, 10);
  for (const auto& m : {nn::causal_mask<double>(37), holes, nn::Mat<double>()}) {
    require_float_matches_double({q, k, v}, [m](const auto& x) {
      return nn::attention(x[0], x[1], x[2], 2, 2, cast_like(m, x[0]));
    });
  }
}

TEST_CASE("float layer norm and RMS norm match double, alone and on a residual stream",
          "[nn][float]") {
  const auto x = randn(50, 70, 11), g = randn(1, 70, 12), b = randn(1, 70, 13);
  require_float_matches_double({x, g, b},
                               [](const auto& v) { return nn::layer_norm(v[0], v[1], v[2]); });
  require_float_matches_double({x, g}, [](const auto& v) { return nn::rms_norm(v[0], v[1]); });
  // x also feeds the sum, so the norm's backward adds to a gradient that already exists.
  require_float_matches_double(
      {x, g, b}, [](const auto& v) { return nn::add(v[0], nn::layer_norm(v[0], v[1], v[2])); });
}

TEST_CASE("a float transformer trains along the same trajectory from the same seed",
          "[nn][float]") {
  // d = 64 in 4 heads of 16, hidden 256, two sequences of 24: the products use the widest
  // tiles and depth slices, attention its masked query chunks.
  auto train = [] {
    nn::Rng rng(21);
    nn::ParameterSet params;
    const nn::TransformerBlock<float> block(params, "b", 64, 4, 256, rng);
    nn::Adam opt(params, {.lr = 1e-3});
    const nn::Matrix x = nn::normal_matrix<float>(48, 64, 1.0f, rng);
    const nn::Matrix mask = nn::causal_mask<float>(24);
    std::vector<float> losses;
    nn::Tape tape;
    for (int step = 0; step < 5; ++step) {
      tape.clear();
      opt.zero_grad();
      const auto loss = nn::mean(nn::square(block(tape.constant(x), 2, mask)));
      tape.backward(loss);
      opt.step();
      losses.push_back(loss.item());
    }
    return std::make_pair(losses, params.snapshot());
  };
  const auto a = train(), b = train();
  CHECK(a.first == b.first);
  CHECK(a.second == b.second);
  CHECK(a.first.back() < a.first.front());
}
