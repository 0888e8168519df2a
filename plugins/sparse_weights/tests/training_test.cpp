#include <catch2/catch.hpp>
#include <cmath>

#include "sparse_transformer.hpp"
#include "synthetic_code.hpp"

namespace sw = assay::sparse_weights;
namespace nn = assay::nn;

namespace {

sw::CodeCorpus synthetic_corpus(int functions, std::uint64_t seed) {
  nn::Rng rng(seed);
  return sw::code_corpus({sw::synthetic_code(functions, rng).text});
}

struct Tiny {
  sw::ShapeOptions shape{.dim = 32, .layers = 1, .head_size = 16, .context = 16};
  sw::SparsityOptions sparsity{.nonzero_fraction = 0.25, .anneal_fraction = 0.5, .min_live = 4};
  sw::TrainOptions train{.steps = 80, .batch = 8, .lr = 1e-2, .eval_windows = 8, .eval_every = 40};
};

}  // namespace

TEST_CASE("sparse training ends at the target nonzero count in every matrix", "[sparse_weights]") {
  const auto train = synthetic_corpus(80, 1), validation = synthetic_corpus(10, 2);
  const Tiny t;
  nn::Rng rng(5);
  const auto model = sw::train_sparse_transformer(sw::ModelKind::sparse, t.shape, t.sparsity,
                                                  t.train, train, validation, rng, 9);
  REQUIRE(model.history.step.size() == 2);
  // Character-level loss starts near log(98) = 4.6; the synthetic grammar is easy to learn.
  REQUIRE(model.history.eval_loss.back() < 3.0);
  REQUIRE(model.history.eval_loss.back() < model.history.eval_loss.front());
  nn::Index expected = 0;
  for (const auto& p : model.checkpoint.params) {
    const nn::Index rows = p.shape[0], cols = p.shape[1], n = rows * cols;
    if (rows == 1 || cols == 1 || p.name == "bigram.weight") continue;
    const nn::Index k = std::lround(0.25 * n), forced = rows * std::min<nn::Index>(4, cols);
    nn::Index nonzero = 0;
    for (float x : p.data) nonzero += x != 0;
    INFO(p.name);
    REQUIRE(nonzero == std::max(k, forced));
    expected += nonzero;
  }
  REQUIRE(model.nonzero == expected);
  REQUIRE(model.matrix_weights == sw::matrix_weight_count(nn::gpt_config(model.checkpoint.config)));
  // The checkpoint rebuilds the same network.
  const auto net = sw::load_network(model.checkpoint);
  REQUIRE(sw::mean_loss(*net, sw::spread_windows(validation, 8, 16)) ==
          Approx(model.eval_loss).epsilon(1e-6));
}

TEST_CASE("the dense controls: same shape, and a width matching the nonzero count",
          "[sparse_weights]") {
  const sw::ShapeOptions shape{.dim = 128, .layers = 2, .head_size = 16, .context = 64};
  const auto dense = sw::model_config(sw::ModelKind::dense, shape, 1.0 / 16);
  REQUIRE(dense.dim == 128);
  REQUIRE(dense.heads == 8);
  const auto matched = sw::model_config(sw::ModelKind::dense_matched, shape, 1.0 / 16);
  const double target = sw::matrix_weight_count(dense) / 16.0;
  REQUIRE(matched.dim % 16 == 0);
  // No other multiple of the head size comes closer to the sparse model's count.
  for (int d = 16; d <= 128; d += 16) {
    auto c = matched;
    c.dim = d;
    REQUIRE(std::abs(sw::matrix_weight_count(matched) - target) <=
            std::abs(sw::matrix_weight_count(c) - target));
  }
  const auto train = synthetic_corpus(20, 3);
  const Tiny t;
  nn::Rng rng(6);
  const auto model = sw::train_sparse_transformer(sw::ModelKind::dense, t.shape, t.sparsity,
                                                  {.steps = 5, .batch = 4, .eval_windows = 2},
                                                  train, train, rng, 1);
  REQUIRE(model.nonzero == model.matrix_weights);
}
