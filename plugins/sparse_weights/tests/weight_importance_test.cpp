#include "weight_importance.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "synthetic_code.hpp"

namespace sw = assay::sparse_weights;
namespace nn = assay::nn;

TEST_CASE("the screen is |w dL_t/dw| per token, as finite differences give it",
          "[sparse_weights]") {
  nn::Rng rng(2);
  const auto corpus = sw::code_corpus({sw::synthetic_code(10, rng).text});
  const auto windows = sw::spread_windows(corpus, 2, 12);
  const sw::ShapeOptions shape{.dim = 32, .layers = 1, .head_size = 16, .context = 16};
  // Without activation top-k, so that the loss is smooth in each weight.
  sw::Network net(sw::model_config(sw::ModelKind::dense, shape, 1), rng);
  const auto sampled = sw::sample_weights(sw::circuit_weights(net), 6, rng);
  const auto screen = sw::screen_importance(net, windows, sampled);
  REQUIRE(screen.per_token.rows() == 6);
  REQUIRE(screen.per_token.cols() == 24);
  REQUIRE(screen.mean_importance.size() ==
          static_cast<Eigen::Index>(sw::circuit_weights(net).size()));
  REQUIRE(screen.loss.isApprox(sw::token_losses(net, windows), 1e-5));
  const float h = 2e-3f;
  for (std::size_t i = 0; i < sampled.size(); ++i) {
    auto& w = net.params[sampled[i].param].value(sampled[i].row, sampled[i].col);
    const float w0 = w;
    w = w0 + h;
    const Eigen::VectorXd up = sw::token_losses(net, windows);
    w = w0 - h;
    const Eigen::VectorXd down = sw::token_losses(net, windows);
    w = w0;
    const Eigen::VectorXd fd = ((up - down) / (2 * h)).cwiseAbs() * std::abs(w0);
    for (Eigen::Index t = 0; t < fd.size(); ++t)
      REQUIRE(screen.per_token(static_cast<Eigen::Index>(i), t) ==
              Approx(fd(t)).margin(2e-4).epsilon(0.03));
  }
}

TEST_CASE("exact ablation zeroes one weight at a time and restores it", "[sparse_weights]") {
  nn::Rng rng(4);
  const auto corpus = sw::code_corpus({sw::synthetic_code(10, rng).text});
  const auto windows = sw::spread_windows(corpus, 2, 12);
  const sw::ShapeOptions shape{.dim = 32, .layers = 1, .head_size = 16, .context = 16};
  auto net = sw::build_network(sw::model_config(sw::ModelKind::dense, shape, 1), 0.25, rng);
  const auto before = net->params.snapshot();
  const auto screen =
      sw::screen_importance(*net, windows, sw::sample_weights(sw::circuit_weights(*net), 4, rng));
  const auto checks = sw::exact_ablation(*net, windows, screen, 3);
  REQUIRE(checks.size() == 3);
  const auto after = net->params.snapshot();
  for (std::size_t i = 0; i < before.size(); ++i) REQUIRE(before[i] == after[i]);
  for (const auto& c : checks) {
    // With activation top-k a weight may read a unit that is never kept: then it has neither a
    // gradient nor an effect; otherwise both.
    REQUIRE((c.screen_mean > 0) == (c.exact_mean > 0));
    REQUIRE(std::isfinite(c.correlation));
  }
}
