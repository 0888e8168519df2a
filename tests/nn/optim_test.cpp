// Optimiser updates against their closed forms, clipping, projections and schedules.
#include <catch2/catch.hpp>
#include <cmath>

#include "assay/nn/nn.hpp"

namespace nn = assay::nn;
using MatD = nn::Mat<double>;

namespace {

MatD scalar(double v) { return MatD::Constant(1, 1, v); }

}  // namespace

TEST_CASE("Adam and AdamW take the bias-corrected steps of their definitions", "[nn][optim]") {
  for (bool decoupled : {true, false}) {
    nn::ParameterSet<double> params;
    auto& p = params.add("p", scalar(1.0));
    nn::Adam opt(params, {.lr = 0.1, .eps = 1e-8, .weight_decay = 0.5, .decoupled = decoupled});
    double m = 0, v = 0, x = 1.0;
    for (int t = 1; t <= 3; ++t) {
      const double g = 2.0 * t;
      p.grad(0, 0) = g;
      opt.step();
      double ge = g;
      if (decoupled) {
        x *= 1 - 0.1 * 0.5;
      } else {
        ge += 0.5 * (t == 1 ? 1.0 : x);
      }
      m = 0.9 * m + 0.1 * ge;
      v = 0.999 * v + 0.001 * ge * ge;
      const double mh = m / (1 - std::pow(0.9, t)), vh = v / (1 - std::pow(0.999, t));
      x -= 0.1 * mh / (std::sqrt(vh) + 1e-8);
      CHECK(p.value(0, 0) == Approx(x).epsilon(1e-12));
    }
  }
}

TEST_CASE("SGD with momentum and RMSProp match torch's update rules", "[nn][optim]") {
  nn::ParameterSet<double> params;
  auto& a = params.add("a", scalar(1.0));
  nn::Sgd sgd(params, {.lr = 0.1, .momentum = 0.9});
  double buf = 0, x = 1.0;
  for (int t = 1; t <= 3; ++t) {
    a.grad(0, 0) = t;
    sgd.step();
    buf = t == 1 ? t : 0.9 * buf + t;
    x -= 0.1 * buf;
    CHECK(a.value(0, 0) == Approx(x).epsilon(1e-12));
  }
  nn::ParameterSet<double> params2;
  auto& b = params2.add("b", scalar(1.0));
  nn::RmsProp rms(params2, {.lr = 0.01, .alpha = 0.9});
  double sq = 0;
  x = 1.0;
  for (int t = 1; t <= 3; ++t) {
    b.grad(0, 0) = t;
    rms.step();
    sq = 0.9 * sq + 0.1 * t * t;
    x -= 0.01 * t / (std::sqrt(sq) + 1e-8);
    CHECK(b.value(0, 0) == Approx(x).epsilon(1e-12));
  }
}

TEST_CASE("gradient clipping bounds the joint norm and reports the norm before", "[nn][optim]") {
  nn::ParameterSet<double> params;
  auto& a = params.add("a", MatD::Zero(1, 2));
  auto& b = params.add("b", MatD::Zero(1, 1));
  a.grad << 3, 0;
  b.grad << 4;
  CHECK(nn::clip_grad_norm(params, 1.0) == Approx(5.0));
  CHECK(a.grad(0, 0) == Approx(0.6));
  CHECK(b.grad(0, 0) == Approx(0.8));
  CHECK(nn::clip_grad_norm(params, 10.0) == Approx(1.0));
  CHECK(b.grad(0, 0) == Approx(0.8));
}

TEST_CASE("a post-step projection keeps the top-k weights by magnitude", "[nn][optim]") {
  nn::ParameterSet<double> params;
  auto& w = params.add("w", MatD::Zero(2, 3));
  w.value << 0.5, -3, 1, 2, -0.1, 0.2;
  w.grad.setZero();
  nn::Sgd opt(params, {.lr = 0.1});
  opt.set_projection([](nn::Parameter<double>& p) { nn::keep_top_k_by_magnitude(p.value, 3); });
  opt.step();
  MatD expected(2, 3);
  expected << 0, -3, 1, 2, 0, 0;
  CHECK(w.value == expected);
}

TEST_CASE("warmup-cosine and warmup-linear schedules hit their end points", "[nn][optim]") {
  CHECK(nn::warmup_cosine(0, 10, 110, 1.0, 0.1) == Approx(0.1));
  CHECK(nn::warmup_cosine(9, 10, 110, 1.0, 0.1) == Approx(1.0));
  CHECK(nn::warmup_cosine(60, 10, 110, 1.0, 0.1) == Approx(0.55));
  CHECK(nn::warmup_cosine(110, 10, 110, 1.0, 0.1) == Approx(0.1));
  CHECK(nn::warmup_cosine(500, 10, 110, 1.0, 0.1) == Approx(0.1));
  CHECK(nn::warmup_linear(60, 10, 110, 1.0, 0.0) == Approx(0.5));
  CHECK(nn::warmup_linear(0, 0, 100, 2.0) == Approx(2.0));
}
