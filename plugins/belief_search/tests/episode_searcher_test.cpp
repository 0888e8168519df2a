// EpisodeSearcher's controller (unnormalised weights, leaders, tabulated gains, entropy only
// where used) against the textbook controller: the posterior by enumeration over the whole
// history before every decision, the look by InformationGainRule over the full belief.
#include <catch2/catch.hpp>
#include <vector>

#include "controller_variants.hpp"
#include "search_evaluation.hpp"

namespace bs = assay::belief_search;

namespace {

bs::EpisodeOutcome textbook_controller(const bs::Episode& episode, const bs::SensorModel& truth,
                                       const bs::SearchSettings& settings) {
  bs::EpisodeOutcome out;
  out.initial_entropy = bs::entropy(episode.prior);
  const bs::InformationGainRule rule(settings.belief_model);
  const int span = episode.answer_span;
  std::vector<bs::Look> history;
  std::vector<int> looks(static_cast<std::size_t>(episode.prior.size()), 0);
  Eigen::VectorXd posterior = episode.prior, holds = bs::answer_marginal(posterior, span);
  while (out.frames < settings.frame_budget) {
    const double entropy = bs::entropy(posterior);
    if (holds.maxCoeff() >= settings.stop_threshold ||
        (settings.entropy_floor > 0 && entropy <= settings.entropy_floor))
      break;
    const int segment = rule.most_informative_segment(holds);
    const bs::Reading reading = bs::read_detector(episode, truth, segment, looks[segment]++);
    history.push_back({segment, reading.detected, reading.score});
    ++out.frames;
    posterior = bs::posterior_by_enumeration(episode.prior, settings.belief_model, history, span);
    holds = bs::answer_marginal(posterior, span);
    out.trace.push_back({segment, reading.detected, holds.maxCoeff(), bs::entropy(posterior)});
  }
  Eigen::Index answer = 0;
  out.final_top_belief = holds.maxCoeff(&answer);
  out.answered_segment = static_cast<int>(answer);
  out.final_entropy = bs::entropy(posterior);
  return out;
}

void require_same(const bs::EpisodeOutcome& fast, const bs::EpisodeOutcome& textbook) {
  REQUIRE(fast.frames == textbook.frames);
  REQUIRE(fast.answered_segment == textbook.answered_segment);
  REQUIRE(fast.final_top_belief == Approx(textbook.final_top_belief).margin(1e-10));
  REQUIRE(fast.initial_entropy == Approx(textbook.initial_entropy).margin(1e-12));
  REQUIRE(fast.final_entropy == Approx(textbook.final_entropy).margin(1e-10));
  REQUIRE(fast.trace.size() == textbook.trace.size());
  for (std::size_t t = 0; t < fast.trace.size(); ++t) {
    REQUIRE(fast.trace[t].segment == textbook.trace[t].segment);
    REQUIRE(fast.trace[t].detected == textbook.trace[t].detected);
    REQUIRE(fast.trace[t].top_belief == Approx(textbook.trace[t].top_belief).margin(1e-10));
    REQUIRE(fast.trace[t].entropy == Approx(textbook.trace[t].entropy).margin(1e-10));
  }
}

}  // namespace

TEST_CASE("the controller takes the textbook controller's looks", "[belief_search]") {
  // Continuous priors (no exact ties, so rounding cannot tip a decision in practice), stopping by
  // threshold, entropy floor and budget, right and misspecified binary models, a graded model,
  // answers over one and over three segments. Untraced runs answer the same as traced ones.
  // Not the graded model on two segments: its gain is symmetric about b = 1/2, so b and 1 - b
  // tie exactly and rounding alone picks between them.
  for (int segments : {2, 3, 5, 16, 17, 40}) {
    for (double quality : {0.7, 2.0}) {
      // The shared variants, then a graded model (4) and a three-segment answer (5).
      for (int variant = 0; variant < bs::testing::kControllerVariants + 2; ++variant) {
        const bool graded = variant == 4, spanned = variant == 5;
        if (graded && segments == 2) continue;
        bs::EpisodeConfig config;
        config.segments = segments;
        config.prior_quality = quality;
        config.answer_span = spanned && segments > 3 ? 3 : 1;
        config.sensor.graded = graded;
        const bs::SearchSettings settings =
            bs::testing::controller_variant(config, graded || spanned ? 0 : variant);
        bs::EpisodeSearcher searcher(config.sensor, settings);
        for (std::int64_t i = 0; i < 40; ++i) {
          const bs::Episode episode = bs::sample_episode(config, 17, i);
          const auto textbook = textbook_controller(episode, config.sensor, settings);
          require_same(searcher.run(episode, true), textbook);
          const auto untraced = searcher.run(episode, false);
          REQUIRE(untraced.frames == textbook.frames);
          REQUIRE(untraced.answered_segment == textbook.answered_segment);
          REQUIRE(untraced.final_entropy == Approx(textbook.final_entropy).margin(1e-10));
        }
      }
    }
  }
}
