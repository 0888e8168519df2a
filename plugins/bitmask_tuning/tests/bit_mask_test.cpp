#include "bit_mask.hpp"

#include <assay/nn/ops.hpp>
#include <catch2/catch.hpp>
#include <cmath>

#include "language_model.hpp"

namespace bt = assay::bitmask_tuning;
namespace nn = assay::nn;
using MatD = nn::Mat<double>;

namespace {

// A smooth loss of a masked linear map: sum(tanh(x (W ⊙ M)^T) ⊙ c).
struct MaskedProblem {
  MatD x, w, c;
  double loss_at(const MatD& mask) const {
    return ((x * w.cwiseProduct(mask).transpose()).array().tanh() * c.array()).sum();
  }
};

MaskedProblem masked_problem(nn::Rng& rng) {
  return {nn::normal_matrix<double>(5, 4, 1, rng), nn::normal_matrix<double>(3, 4, 1, rng),
          nn::normal_matrix<double>(5, 3, 1, rng)};
}

}  // namespace

TEST_CASE("the scores' straight-through gradient is the loss's derivative in the mask",
          "[bitmask_tuning]") {
  nn::Rng rng(3);
  const auto p = masked_problem(rng);
  // Scores of both signs, away from the threshold, so some weights are deleted.
  MatD s = nn::normal_matrix<double>(3, 4, 1, rng);
  const MatD mask = (s.array() > 0).cast<double>().matrix();
  REQUIRE(mask.sum() > 0);
  REQUIRE(mask.sum() < mask.size());
  nn::Tape<double> tape;
  const auto scores = tape.variable(s);
  const auto w = bt::bit_masked_weight(tape.constant(p.w), scores);
  REQUIRE(w.value() == MatD(p.w.cwiseProduct(mask)));
  tape.backward(
      nn::sum(nn::mul(nn::tanh(nn::matmul_nt(tape.constant(p.x), w)), tape.constant(p.c))));
  const double h = 1e-6;
  for (nn::Index i = 0; i < s.rows(); ++i)
    for (nn::Index j = 0; j < s.cols(); ++j) {
      MatD up = mask, down = mask;
      up(i, j) += h;
      down(i, j) -= h;
      const double fd = (p.loss_at(up) - p.loss_at(down)) / (2 * h);
      INFO("entry " << i << "," << j << " ste " << scores.grad()(i, j) << " fd " << fd);
      REQUIRE(std::abs(scores.grad()(i, j) - fd) <= 1e-7 * (1 + std::abs(fd)));
    }
}

TEST_CASE("the budget projection keeps exactly the k lowest nonpositive scores",
          "[bitmask_tuning]") {
  nn::Rng rng(5);
  nn::Matrix a = nn::normal_matrix<float>(6, 7, 1, rng), b = nn::normal_matrix<float>(4, 5, 1, rng);
  const nn::Matrix a0 = a, b0 = b;
  const nn::Index negative = (a.array() <= 0).count() + (b.array() <= 0).count();
  REQUIRE(negative > 10);
  std::vector<float> lowest;
  for (const auto* m : {&a0, &b0})
    for (nn::Index i = 0; i < m->size(); ++i)
      if (m->data()[i] <= 0) lowest.push_back(m->data()[i]);
  std::sort(lowest.begin(), lowest.end());
  const float floor = 1e-4f;
  REQUIRE(bt::project_deletion_budget<float>({&a, &b}, 7, floor) == 7);
  REQUIRE((a.array() <= 0).count() + (b.array() <= 0).count() == 7);
  for (const auto* pair : {&a, &b}) {
    const auto& before = pair == &a ? a0 : b0;
    for (nn::Index i = 0; i < pair->size(); ++i) {
      const float now = pair->data()[i], was = before.data()[i];
      if (was > 0) REQUIRE(now == was);                // kept weights untouched
      if (now <= 0) REQUIRE(now <= lowest[6]);         // a deletion among the 7 lowest
      if (was <= 0 && now > 0) REQUIRE(now == floor);  // an excess deletion undone
    }
  }
  // Within budget: nothing moves.
  REQUIRE(bt::project_deletion_budget<float>({&a, &b}, 20, floor) == 7);
  REQUIRE(bt::project_deletion_budget<float>({&a, &b}, 0, floor) == 0);
  REQUIRE((a.array() > 0).all());
  REQUIRE(bt::deletion_budget(0.0005, 8192) == 4);
  REQUIRE_THROWS_WITH(bt::deletion_budget(1.5, 10), Catch::Contains("rho: 1.5"));
}

TEST_CASE("in a model the gate scores' gradient is the weight gradient times the weight",
          "[bitmask_tuning]") {
  nn::Rng rng(7);
  const auto config = bt::gpt_config_of({.dim = 8, .layers = 2, .heads = 2, .context = 8});
  nn::ParameterSet<float> params;
  nn::Gpt<float> gpt(params, config, rng);
  const std::vector<int> tokens{1, 5, 9, 2, 3, 8, 4, 7}, targets{5, 9, 2, 3, 8, 4, 7, 6};
  nn::Tape<float> tape;
  tape.backward(gpt.loss(tape, tokens, targets, 1));
  const nn::Matrix weight_grad = params["block1.mlp.gate.weight"].grad;
  const nn::Matrix weight = params["block1.mlp.gate.weight"].value;
  params.zero_grad();
  const auto scores = bt::install_bit_mask(gpt, params, 0.5f);
  REQUIRE(scores.size() == 2);
  REQUIRE(params["block0.attn.q.weight"].frozen);
  nn::Tape<float> tape2;
  tape2.backward(gpt.loss(tape2, tokens, targets, 1));
  // All scores positive: W' = W, so dL/dW' is the plain model's dL/dW.
  const nn::Matrix expected = weight_grad.cwiseProduct(weight);
  REQUIRE((scores[1]->grad - expected).cwiseAbs().maxCoeff() <=
          1e-5f * (1 + expected.cwiseAbs().maxCoeff()));
  REQUIRE(params["block1.mlp.gate.weight"].grad.isZero(0));
}
