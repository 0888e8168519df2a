#include "training.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "perturbation.hpp"

namespace hn = assay::hrnn_navigation;

namespace {

struct Setup {
  hn::Architecture arch{true, 16, 32, 16, 64};
  hn::Task task;
  hn::Walks eval;
};

Setup setup(std::mt19937_64& rng) {
  Setup s;
  s.task = hn::make_task(s.arch, hn::WalkOptions{}, 0.12, 2.0, 4.0, rng);
  s.eval = hn::random_walks(s.task.walk, 50, 20, rng);
  return s;
}

}  // namespace

TEST_CASE("training lowers the decoding errors of the hierarchical network", "[hrnn_navigation]") {
  std::mt19937_64 rng(23);
  const Setup s = setup(rng);
  std::mt19937_64 init_rng = rng;
  const auto before = hn::evaluate(hn::initial_weights(s.arch, init_rng), s.task, s.eval);
  const auto trained = hn::train(s.arch, s.task, {150, 32, 20, 3e-3, 1e-4}, rng);
  const auto after = hn::evaluate(trained.weights, s.task, s.eval);
  INFO("position at step 1 " << before.position_error(0) << " -> " << after.position_error(0)
                             << ", heading " << before.heading_error.mean() << " -> "
                             << after.heading_error.mean());
  REQUIRE(trained.loss.back() < trained.loss.front());
  REQUIRE(after.heading_error.mean() < before.heading_error.mean() / 2);
  // Position is learned far more slowly (see README): at this scale only the first step, read
  // from the start pose's code, improves on the untrained network.
  REQUIRE(after.position_error(0) < before.position_error(0));
}

TEST_CASE("the hierarchy's masks hold after training and silencing zeroes units",
          "[hrnn_navigation]") {
  std::mt19937_64 rng(29);
  const Setup s = setup(rng);
  const auto w = hn::train(s.arch, s.task, {5, 8, 10, 1e-2, 1e-4}, rng).weights;
  const int na = s.arch.size_a, np = s.arch.size_p;
  REQUIRE(w.recurrent.topRightCorner(na, np).cwiseAbs().maxCoeff() == 0);   // no P -> A
  REQUIRE(w.input.topRightCorner(na, 1).cwiseAbs().maxCoeff() == 0);        // A: no speed
  REQUIRE(w.input.bottomLeftCorner(np, 1).cwiseAbs().maxCoeff() == 0);      // P: no heading input
  REQUIRE(w.recurrent.bottomLeftCorner(np, na).cwiseAbs().maxCoeff() > 0);  // A -> P
  const auto quiet = hn::evaluate(hn::silenced(w, hn::unit_range(0, na)), s.task, s.eval);
  REQUIRE(quiet.states.leftCols(na).cwiseAbs().maxCoeff() == 0);
  // P never feeds A: silencing P leaves A's states unchanged.
  const auto intact = hn::evaluate(w, s.task, s.eval);
  const auto no_p = hn::evaluate(hn::silenced(w, hn::unit_range(na, np)), s.task, s.eval);
  REQUIRE((no_p.states.leftCols(na) - intact.states.leftCols(na)).cwiseAbs().maxCoeff() == 0);
}
