// Convolutions, pooling, resampling and group norm: gradients against central finite
// differences (double), values against direct definitions on small images.
#include <catch2/catch.hpp>

#include "nn/gradient_assert.hpp"

namespace nn = assay::nn;
using nn::ImageShape;
using nn::testing::check_gradients;
using nn::testing::MatD;
using nn::testing::randn;
using nn::testing::require_close;
using V = nn::Var<double>;
using Vs = std::vector<V>;

namespace {

// Pixel (c, y, x) of image n, zero outside the image (the convolutions' padding).
double pixel(const MatD& m, ImageShape s, nn::Index n, nn::Index c, nn::Index y, nn::Index x) {
  if (y < 0 || x < 0 || y >= s.height || x >= s.width) return 0;
  return m(n, (c * s.height + y) * s.width + x);
}

}  // namespace

TEST_CASE("conv2d matches the direct sum and has exact gradients", "[nn][gradient][vision]") {
  const ImageShape in{2, 5, 6};
  const MatD x = randn(2, in.size(), 1), w = randn(3, 2 * 3 * 3, 2), b = randn(1, 3, 3);
  for (auto [stride, padding] : {std::pair<nn::Index, nn::Index>{1, 0}, {2, 1}, {1, 1}}) {
    INFO("stride " << stride << " padding " << padding);
    require_close(check_gradients({x, w, b}, [=](auto&, const Vs& v) {
      return nn::conv2d(v[0], in, v[1], v[2], 3, stride, padding);
    }));
    nn::Tape<double> tape;
    const MatD y =
        nn::conv2d(tape.constant(x), in, tape.constant(w), tape.constant(b), 3, stride, padding)
            .value();
    const ImageShape os = nn::conv2d_shape(in, 3, 3, stride, padding);
    REQUIRE(y.cols() == os.size());
    for (nn::Index n = 0; n < 2; ++n) {
      for (nn::Index o = 0; o < 3; ++o) {
        for (nn::Index oy = 0; oy < os.height; ++oy) {
          for (nn::Index ox = 0; ox < os.width; ++ox) {
            double sum = b(0, o);
            for (nn::Index c = 0; c < 2; ++c) {
              for (nn::Index i = 0; i < 3; ++i) {
                for (nn::Index j = 0; j < 3; ++j) {
                  sum += w(o, (c * 3 + i) * 3 + j) *
                         pixel(x, in, n, c, oy * stride - padding + i, ox * stride - padding + j);
                }
              }
            }
            CHECK(y(n, (o * os.height + oy) * os.width + ox) == Approx(sum).epsilon(1e-12));
          }
        }
      }
    }
  }
  require_close(check_gradients(
      {x, w}, [=](auto&, const Vs& v) { return nn::conv2d(v[0], in, v[1], V(), 3, 2, 1); }));
}

TEST_CASE("conv_transpose2d is the adjoint of conv2d and has exact gradients",
          "[nn][gradient][vision]") {
  const ImageShape in{2, 3, 4};
  const MatD x = randn(2, in.size(), 4), w = randn(2, 3 * 3 * 3, 5), b = randn(1, 3, 6);
  for (auto [stride, padding, extra] :
       {std::tuple<nn::Index, nn::Index, nn::Index>{1, 0, 0}, {2, 1, 1}, {2, 0, 0}}) {
    INFO("stride " << stride << " padding " << padding << " output_padding " << extra);
    require_close(check_gradients({x, w, b}, [=](auto&, const Vs& v) {
      return nn::conv_transpose2d(v[0], in, v[1], v[2], 3, stride, padding, extra);
    }));
    // <conv_transpose(x), y> = <x, conv(y)> with the same weights (bias off).
    const ImageShape os = nn::conv_transpose2d_shape(in, 3, 3, stride, padding, extra);
    const MatD y = randn(2, os.size(), 7);
    nn::Tape<double> tape;
    const MatD up =
        nn::conv_transpose2d(tape.constant(x), in, tape.constant(w), V(), 3, stride, padding, extra)
            .value();
    const MatD down =
        nn::conv2d(tape.constant(y), os, tape.constant(w), V(), 3, stride, padding).value();
    REQUIRE(down.cols() == x.cols());
    CHECK(up.cwiseProduct(y).sum() == Approx(x.cwiseProduct(down).sum()).epsilon(1e-12));
  }
}

TEST_CASE("pooling, upsampling and pixel shuffle have exact gradients", "[nn][gradient][vision]") {
  const ImageShape in{2, 4, 6};
  // Normal entries: ties inside a pooling window have probability zero.
  const MatD x = randn(2, in.size(), 8);
  require_close(
      check_gradients({x}, [=](auto&, const Vs& v) { return nn::max_pool2d(v[0], in, 2, 2); }));
  require_close(
      check_gradients({x}, [=](auto&, const Vs& v) { return nn::max_pool2d(v[0], in, 3, 1); }));
  require_close(
      check_gradients({x}, [=](auto&, const Vs& v) { return nn::avg_pool2d(v[0], in, 2, 2); }));
  require_close(
      check_gradients({x}, [=](auto&, const Vs& v) { return nn::avg_pool2d(v[0], in, 3, 2); }));
  require_close(
      check_gradients({x}, [=](auto&, const Vs& v) { return nn::upsample_nearest(v[0], in, 2); }));
  require_close(
      check_gradients({x}, [=](auto&, const Vs& v) { return nn::upsample_bilinear(v[0], in, 2); }));
  require_close(
      check_gradients({x}, [=](auto&, const Vs& v) { return nn::upsample_bilinear(v[0], in, 3); }));
  const ImageShape four{4, 2, 3};
  require_close(check_gradients({randn(2, four.size(), 9)}, [=](auto&, const Vs& v) {
    return nn::pixel_shuffle(v[0], four, 2);
  }));
}

TEST_CASE("pooling and resampling values match their definitions", "[nn][vision]") {
  const ImageShape in{1, 2, 4};
  MatD x(1, 8);
  x << 1, 5, 2, 0,  //
      3, 4, 8, 6;
  nn::Tape<double> tape;
  const V v = tape.constant(x);
  CHECK(nn::max_pool2d(v, in, 2, 2).value() == (MatD(1, 2) << 5, 8).finished());
  CHECK(nn::avg_pool2d(v, in, 2, 2).value() == (MatD(1, 2) << 3.25, 4).finished());
  const MatD near = nn::upsample_nearest(v, in, 2).value();
  CHECK(near(0, 0) == 1);
  CHECK(near(0, 1) == 1);
  CHECK(near(0, 8) == 1);   // row 1 of 4, column 0
  CHECK(near(0, 31) == 6);  // last pixel
  // Bilinear (align_corners = false), factor 2, along a row: output x = 1 reads source 0.25,
  // 0.75 * 1 + 0.25 * 5; output x = 0 is clamped to source 0.
  const MatD bil = nn::upsample_bilinear(v, in, 2).value();
  CHECK(bil(0, 0) == Approx(1));
  CHECK(bil(0, 1) == Approx(0.75 * 1 + 0.25 * 5));
  // Output row 1 reads source row 0.25: 0.75 row 0 + 0.25 row 1.
  CHECK(bil(0, 8) == Approx(0.75 * 1 + 0.25 * 3));
  // Pixel shuffle: channel c*4 + i*2 + j at (y, x) goes to (2y + i, 2x + j).
  const ImageShape four{4, 1, 1};
  const MatD shuffled =
      nn::pixel_shuffle(tape.constant((MatD(1, 4) << 10, 11, 12, 13).finished()), four, 2).value();
  CHECK(shuffled == (MatD(1, 4) << 10, 11, 12, 13).finished());
  const ImageShape wide{4, 1, 2};
  const MatD s2 =
      nn::pixel_shuffle(tape.constant((MatD(1, 8) << 0, 1, 2, 3, 4, 5, 6, 7).finished()), wide, 2)
          .value();
  CHECK(s2 == (MatD(1, 8) << 0, 2, 1, 3, 4, 6, 5, 7).finished());
}

TEST_CASE("group norm normalises each group and has exact gradients", "[nn][gradient][vision]") {
  const ImageShape in{4, 2, 3};
  const MatD x = randn(3, in.size(), 10), g = randn(1, 4, 11), b = randn(1, 4, 12);
  for (nn::Index groups : {1, 2, 4}) {
    INFO("groups " << groups);
    require_close(check_gradients({x, g, b}, [=](auto&, const Vs& v) {
      return nn::group_norm(v[0], in, groups, v[1], v[2], 1e-5);
    }));
  }
  require_close(check_gradients(
      {x}, [=](auto&, const Vs& v) { return nn::group_norm(v[0], in, 2, V(), V(), 1e-5); }));
  nn::Tape<double> tape;
  const MatD y = nn::group_norm(tape.constant(x), in, 2, V(), V(), 0.0).value();
  for (nn::Index n = 0; n < 3; ++n) {
    for (nn::Index grp = 0; grp < 2; ++grp) {
      const auto seg = y.row(n).segment(grp * 12, 12).array();
      CHECK(std::abs(seg.mean()) < 1e-12);
      CHECK(seg.square().mean() == Approx(1).epsilon(1e-12));
    }
  }
}

TEST_CASE("vision layers register torch-named parameters and have exact gradients",
          "[nn][gradient][vision]") {
  nn::Rng rng(13);
  nn::ParameterSet<double> params;
  const nn::Conv2d<double> conv(params, "conv", 2, 4, 3, rng, 1, 1);
  const nn::GroupNorm<double> norm(params, "gn", 2, 4);
  const nn::ConvTranspose2d<double> up(params, "up", 4, 1, 2, rng, 2);
  for (auto* name : {"conv.weight", "conv.bias", "gn.weight", "gn.bias", "up.weight", "up.bias"}) {
    CHECK(params.find(name) != nullptr);
  }
  CHECK(params["conv.weight"].value.rows() == 4);
  CHECK(params["conv.weight"].value.cols() == 18);
  CHECK(params["up.weight"].value.rows() == 4);
  CHECK(params["up.weight"].value.cols() == 4);
  params["gn.weight"].value = randn(1, 4, 14);
  const ImageShape in{2, 4, 4};
  CHECK(up.output_shape(conv.output_shape(in)) == ImageShape{1, 8, 8});
  require_close(check_gradients(params, {randn(2, in.size(), 15)}, [&](auto&, const Vs& v) {
    const ImageShape mid = conv.output_shape(in);
    return up(nn::relu(norm(conv(v[0], in), mid)), mid);
  }));
}
