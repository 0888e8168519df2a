#include "needle_task.hpp"

#include <catch2/catch.hpp>

#include "bpe_material.hpp"
#include "corpus_fixture.hpp"

namespace uv = assay::uncanny_valley;

TEST_CASE("needle words and passage sources are filtered and folded", "[uncanny_valley]") {
  CHECK(uv::needle_words({"apple", "Apple", "dog", "zebras", "it's", "elephants", "abcdefghij"}) ==
        std::vector<std::string>{"apple", "zebras", "elephants"});
  CHECK(uv::passage_sources({"a  b\n\tc", "caf\xc3\xa9", " "}) ==
        std::vector<std::string>{"a b c"});
  REQUIRE_THROWS_WITH(uv::needle_words({"dog"}), Catch::Contains("words:"));
  REQUIRE_THROWS_WITH(uv::passage_budget(40), Catch::Contains("context: 40"));
}

TEST_CASE("needle examples are balanced, fit the context at any rate, and end in the query",
          "[uncanny_valley]") {
  const auto& c = uv::testing::corpora();
  const auto data = uv::detection_data(c.tokenizer, c.train, c.test, c.train_words, c.test_words);
  constexpr int context = 64;
  const auto budget = uv::passage_budget(context);
  std::mt19937_64 rng(2);
  int positives = 0;
  for (int i = 0; i < 200; ++i) {
    const auto content =
        uv::draw_needle_content(data.test.sources, data.test.needles, i, budget, rng);
    REQUIRE(content.positive == (i % 2 == 0));
    positives += content.positive;
    REQUIRE(content.passage.size() <= budget);
    const bool found =
        (" " + content.passage + " ").find(" " + content.query + " ") != std::string::npos;
    REQUIRE(found == content.positive);
    for (double p : {0.0, 0.5, 1.0}) {
      const auto e = uv::needle_example(content, p, uv::Perturbation::random, data.test.encode,
                                        data.test.vocabulary, context, rng);
      REQUIRE(e.tokens.size() == static_cast<std::size_t>(context));
      const auto query = data.test.encode("\n? " + content.query);
      REQUIRE(std::equal(query.rbegin(), query.rend(), e.tokens.rbegin()));
      REQUIRE(e.answer == (content.positive ? data.test.vocabulary.yes : data.test.vocabulary.no));
    }
  }
  CHECK(positives == 100);
}
