#include "variational_inference.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "assay/nn/matrix.hpp"

namespace lc = assay::lowrank_collapse;
namespace nn = assay::nn;

TEST_CASE("the tape's mixture log density is the normalised one", "[lowrank_collapse]") {
  const auto m = lc::make_mixture({2, 5, 2.0, 0.5, 3.0, lc::Layout::ring});
  nn::Rng rng(51);
  const Eigen::MatrixXd x = 2 * nn::normal_matrix<double>(200, 2, 1.0, rng);
  nn::Tape<float> tape;
  const auto on_tape = lc::mixture_log_density(tape, tape.constant(x.cast<float>()), m);
  const Eigen::VectorXd exact = lc::log_density(m, x);
  for (Eigen::Index i = 0; i < x.rows(); ++i)  // float rounding of terms of size up to ~100
    REQUIRE(on_tape.value()(i, 0) == Approx(exact(i)).margin(1e-3 * (1 + std::abs(exact(i)))));
}

TEST_CASE("each family's log q is a normalised density", "[lowrank_collapse]") {
  // E_q[p(x) / q(x)] = 1 for a normalised p and a correct log q, whatever q is.
  const auto m = lc::make_mixture({2, 2, 1.0, 1.0, 1.0, lc::Layout::ring});
  const lc::CouplingShape shape{4, 16, 2, nn::Activation::silu, 1};
  for (const auto& q : {lc::coupling_flow(2, shape, 52), lc::diagonal_gaussian(2)}) {
    nn::Rng rng(53);
    nn::Tape<float> tape;
    const auto draw = q->draw(tape, nn::normal_matrix<float>(20000, 2, 1.0f, rng));
    const auto log_p = lc::mixture_log_density(tape, draw.x, m);
    const Eigen::ArrayXd w = (log_p.value() - draw.log_q.value()).cast<double>().array().exp();
    const double se = std::sqrt((w - w.mean()).square().sum() / (w.size() - 1) / w.size());
    REQUIRE(std::abs(w.mean() - 1) < 4 * se);
  }
}
