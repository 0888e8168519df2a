#include "lane_controller.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "controller_variants.hpp"
#include "search_evaluation.hpp"

namespace bs = assay::belief_search;

namespace {

// Episodes first .. first+count-1 one at a time by EpisodeSearcher, the reference.
std::vector<bs::EpisodeOutcome> one_at_a_time(const bs::EpisodeConfig& config,
                                              const bs::SearchSettings& settings,
                                              std::uint64_t seed, std::int64_t count,
                                              std::int64_t traced) {
  bs::EpisodeSearcher searcher(config.sensor, settings);
  std::vector<bs::EpisodeOutcome> outcomes;
  for (std::int64_t i = 0; i < count; ++i)
    outcomes.push_back(searcher.run(bs::sample_episode(config, seed, i), i < traced));
  return outcomes;
}

void require_same(const bs::EpisodeOutcome& a, const bs::EpisodeOutcome& b) {
  REQUIRE(a.frames == b.frames);
  REQUIRE(a.answered_segment == b.answered_segment);
  REQUIRE(a.correct == b.correct);
  REQUIRE(a.stopped_confident == b.stopped_confident);
  // Bit for bit, not approximately: the lanes do the same arithmetic.
  REQUIRE(a.final_top_belief == b.final_top_belief);
  REQUIRE(a.initial_entropy == b.initial_entropy);
  REQUIRE(a.final_entropy == b.final_entropy);
  REQUIRE(a.trace.size() == b.trace.size());
  for (std::size_t t = 0; t < a.trace.size(); ++t) {
    REQUIRE(a.trace[t].segment == b.trace[t].segment);
    REQUIRE(a.trace[t].detected == b.trace[t].detected);
    REQUIRE(a.trace[t].top_belief == b.trace[t].top_belief);
    REQUIRE(a.trace[t].entropy == b.trace[t].entropy);
  }
}

}  // namespace

TEST_CASE("the lane controller gives EpisodeSearcher's outcomes bit for bit", "[belief_search]") {
  // Segment counts on and off the lane width, flat to sharp priors (ties in a uniform prior),
  // stopping by threshold, entropy floor and budget, right and misspecified sensor models.
  for (int segments : {2, 3, 5, 16, 17}) {
    for (double quality : {0.0, 1.0, 3.0}) {
      for (int variant = 0; variant < bs::testing::kControllerVariants; ++variant) {
        bs::EpisodeConfig config;
        config.segments = segments;
        config.prior_quality = quality;
        const bs::SearchSettings settings = bs::testing::controller_variant(config, variant);
        REQUIRE(bs::LaneController::covers(config, settings));
        const std::int64_t count = 150, traced = 40;
        const auto lanes = bs::run_episodes(config, settings, count, 17, traced);
        const auto reference = one_at_a_time(config, settings, 17, count, traced);
        for (std::int64_t i = 0; i < count; ++i) require_same(lanes[i], reference[i]);
      }
    }
  }
}

TEST_CASE("episode ranges fill only their own entries", "[belief_search]") {
  bs::EpisodeConfig config;
  bs::SearchSettings settings;
  settings.belief_model = config.sensor;
  std::vector<bs::EpisodeOutcome> outcomes(300);
  bs::EpisodeRunner(config, settings).run(5, 100, 120, 0, outcomes);
  const auto reference = one_at_a_time(config, settings, 5, 220, 0);
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    if (i < 100 || i >= 220) {
      REQUIRE(outcomes[i].answered_segment == -1);  // untouched
      continue;
    }
    require_same(outcomes[i], reference[i]);
  }
}

TEST_CASE("lanes cover the binary controller on one-segment answers only", "[belief_search]") {
  bs::EpisodeConfig config;
  bs::SearchSettings settings;
  settings.belief_model = config.sensor;
  CHECK(bs::LaneController::covers(config, settings));
  auto graded = settings;
  graded.belief_model.graded = true;
  CHECK_FALSE(bs::LaneController::covers(config, graded));
  auto baseline = settings;
  baseline.searcher = bs::Searcher::model_driven;
  CHECK_FALSE(bs::LaneController::covers(config, baseline));
  auto uninformative = settings;
  uninformative.belief_model = {0.3, 0.3};
  CHECK_FALSE(bs::LaneController::covers(config, uninformative));
  auto perfect = settings;
  perfect.belief_model = {1.0, 0.0};  // no gain table: I'' is unbounded
  CHECK_FALSE(bs::LaneController::covers(config, perfect));
  auto spread = config;
  spread.answer_span = 2;
  CHECK_FALSE(bs::LaneController::covers(spread, settings));
}
