#include "sandbox.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace sa = assay::search_attacks;

namespace {
sa::Sandbox small(double correlation) {
  sa::SandboxSettings s;
  s.entities = 120;
  s.relations = 4;
  s.cue_truth_correlation = correlation;
  assay::nn::Rng rng(3);
  return sa::make_sandbox(s, rng);
}
}  // namespace

TEST_CASE("questions follow the knowledge base and decoys are wrong", "[search_attacks]") {
  const auto sb = small(0.8);
  REQUIRE(sb.questions.size() == 300);
  for (const auto& q : sb.questions) {
    REQUIRE(q.relations.size() >= 2);
    REQUIRE(q.relations.size() <= 3);
    REQUIRE(sb.follow(q.start, q.relations) == q.chain.back());
    for (std::size_t h = 0; h < q.chain.size(); ++h) REQUIRE(q.decoys[h] != q.chain[h]);
  }
}

TEST_CASE("cue statistics follow the documented rates: P(cue | true) = r (1 + c)",
          "[search_attacks]") {
  for (double c : {0.8, 0.0}) {
    const auto sb = small(c);
    double n_true = 0;
    for (const auto& d : sb.documents) n_true += d.states_truth;
    const double share_true = n_true / static_cast<double>(sb.documents.size());
    for (const auto& cue : sa::cue_statistics(sb)) {
      INFO(cue.cue << " c=" << c);
      // Bayes from the generator's rates: P(true | cue) = p_t r (1 + c) / P(cue).
      const double with = share_true * 0.3 * (1 + c) + (1 - share_true) * 0.3 * (1 - c);
      const double expected = share_true * 0.3 * (1 + c) / with;
      const double se = std::sqrt(expected * (1 - expected) / (with * sb.documents.size()));
      REQUIRE(std::abs(cue.true_given_cue - expected) < 4 * se);
      if (c == 0) REQUIRE(std::abs(cue.true_given_cue - cue.true_given_no_cue) < 8 * se);
    }
  }
}

TEST_CASE("a claim renders its subject, relation and object in the style's order",
          "[search_attacks]") {
  const auto sb = small(0);
  std::vector<int> out;
  sa::render_claim(sb, 1, 5, 2, 9, out);  // "the R of S is O"
  REQUIRE(out == std::vector<int>{sb.word_token(0), sb.relation_token(2), sb.word_token(1), 5,
                                  sb.word_token(2), 9});
}
