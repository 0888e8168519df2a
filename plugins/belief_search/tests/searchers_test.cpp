#include "searchers.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "paper_claims.hpp"
#include "search_evaluation.hpp"

namespace bs = assay::belief_search;

namespace {
const bs::SensorModel kPerfect{1.0, 0.0};

bs::SearchSettings settings_for(bs::Searcher searcher, const bs::SensorModel& model) {
  bs::SearchSettings s;
  s.searcher = searcher;
  s.frame_budget = 100;
  s.belief_model = model;
  return s;
}
}  // namespace

TEST_CASE("controller stops exactly when the top belief reaches the threshold", "[belief_search]") {
  const bs::EpisodeConfig config{12, 1.0, {0.75, 0.15}, 0.4};
  auto s = settings_for(bs::Searcher::belief_controller, config.sensor);
  s.stop_threshold = 0.85;
  for (int i = 0; i < 200; ++i) {
    const auto o = bs::run_search(bs::sample_episode(config, 5, i), config.sensor, s);
    // Only an exhausted budget ends a search below the threshold (a controller that gave up on
    // the answer segment after several misses can wander until then).
    if (o.frames < s.frame_budget) REQUIRE(o.final_top_belief >= 0.85);
    REQUIRE(o.stopped_confident == (o.final_top_belief >= 0.85));
    for (std::size_t t = 0; t + 1 < o.trace.size(); ++t) REQUIRE(o.trace[t].top_belief < 0.85);
  }
}

TEST_CASE("a confident prior means no search", "[belief_search]") {
  Eigen::VectorXd prior = Eigen::VectorXd::Constant(4, 0.02);
  prior(1) = 0.94;
  const auto e = bs::sample_episode_with_prior(prior, 0.4, 1, 0);
  auto s = settings_for(bs::Searcher::belief_controller, {0.8, 0.1});
  s.stop_threshold = 0.9;
  const auto o = bs::run_search(e, {0.8, 0.1}, s);
  CHECK(o.frames == 0);
  CHECK(o.answered_segment == 1);
}

TEST_CASE("entropy floor and frame budget stop the controller", "[belief_search]") {
  const bs::EpisodeConfig config{16, 0.0, {0.6, 0.3}, 0.4};
  auto s = settings_for(bs::Searcher::belief_controller, config.sensor);
  s.stop_threshold = 1.0;
  s.frame_budget = 7;
  for (int i = 0; i < 50; ++i)
    REQUIRE(bs::run_search(bs::sample_episode(config, 3, i), config.sensor, s).frames == 7);
  s.frame_budget = 1000;
  s.entropy_floor = 1.0;
  for (int i = 0; i < 50; ++i) {
    const auto o = bs::run_search(bs::sample_episode(config, 3, i), config.sensor, s);
    REQUIRE(o.final_entropy <= 1.0);
    REQUIRE(o.trace.size() >= 1);
    if (o.trace.size() >= 2) REQUIRE(o.trace[o.trace.size() - 2].entropy > 1.0);
  }
}

TEST_CASE("baselines with a perfect sensor use the frames their visiting order implies",
          "[belief_search]") {
  const bs::EpisodeConfig config{10, 1.5, kPerfect, 0.4};
  for (int i = 0; i < 100; ++i) {
    const auto e = bs::sample_episode(config, 9, i);
    const auto scan =
        bs::run_search(e, kPerfect, settings_for(bs::Searcher::uniform_scan, kPerfect));
    REQUIRE(scan.frames == e.answer_segment + 1);
    REQUIRE(scan.correct);
    const auto model =
        bs::run_search(e, kPerfect, settings_for(bs::Searcher::model_driven, kPerfect));
    const int rank = static_cast<int>(std::count_if(
        e.prior.begin(), e.prior.end(), [&](double p) { return p > e.prior(e.answer_segment); }));
    REQUIRE(model.frames == rank + 1);
    const auto random =
        bs::run_search(e, kPerfect, settings_for(bs::Searcher::random_probe, kPerfect));
    REQUIRE(random.frames >= 1);
    REQUIRE(random.frames <= 10);
    REQUIRE(random.correct);
    const auto preview =
        bs::run_search(e, kPerfect, settings_for(bs::Searcher::preview_only, kPerfect));
    REQUIRE(preview.frames == 0);
    REQUIRE(preview.correct == e.preview_correct);
  }
}

TEST_CASE("random probes find the answer after (K+1)/2 frames on average", "[belief_search]") {
  const bs::EpisodeConfig config{10, 1.0, kPerfect, 0.4};
  const auto s = bs::summarise(
      bs::run_episodes(config, settings_for(bs::Searcher::random_probe, kPerfect), 4000, 4));
  CHECK(std::abs(s.mean_frames - 5.5) < 4 * s.frames_se);
}

TEST_CASE("stopping at tau is calibrated when the sensor model is right", "[belief_search]") {
  const bs::EpisodeConfig config{16, 1.0, {0.8, 0.1}, 0.4};
  const auto r = bs::calibration_at_threshold(config, 0.8, {0.8, 0.1}, 2000, 17);
  REQUIRE(r.well_specified.confident_stops > 1500);
  CHECK(r.well_specified.confident_accuracy + 3 * r.well_specified.confident_accuracy_se >= 0.8);
}

TEST_CASE("baselines see the same episodes as the controller", "[belief_search]") {
  const bs::EpisodeConfig config{8, 1.0, {0.8, 0.1}, 0.4};
  // Same (seed, index) gives the same world; the preview-only searcher reads it directly.
  const auto a = bs::sample_episode(config, 21, 3);
  const auto b = bs::sample_episode(config, 21, 3);
  CHECK(a.answer_segment == b.answer_segment);
  CHECK(a.prior.isApprox(b.prior));
  CHECK(bs::observe(a, config.sensor, 2, 5) == bs::observe(b, config.sensor, 2, 5));
  const auto s = bs::summarise(
      bs::run_episodes(config, settings_for(bs::Searcher::preview_only, config.sensor), 4000, 21));
  CHECK(std::abs(s.accuracy - 0.4) < 4 * std::sqrt(0.4 * 0.6 / 4000));
}

TEST_CASE("operating-curve interpolation", "[belief_search]") {
  const std::vector<bs::OperatingPoint> curve{{2, 0.5}, {4, 0.7}, {8, 0.9}};
  CHECK(bs::accuracy_at_frames(curve, 3) == Approx(0.6));
  CHECK(bs::frames_at_accuracy(curve, 0.8) == Approx(6));
  CHECK(std::isinf(bs::frames_at_accuracy(curve, 0.95)));
}
