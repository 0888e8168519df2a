#include "char_tokenizer.hpp"

#include <catch2/catch.hpp>

#include "corpus_fixture.hpp"
#include "tokenized_corpus.hpp"

namespace sl = assay::stdlib;

TEST_CASE("char tokenizer round-trips every fortune it was trained on", "[stdlib]") {
  const auto& texts = sl::testing::fortunes_min_texts();
  const auto tokenizer = sl::CharTokenizer::train(texts.train);
  const auto encoded = sl::encode_documents(tokenizer, texts.train);
  CHECK(encoded.not_round_tripped == 0);
  CHECK(encoded.unknown == 0);
  std::size_t characters = 0;
  for (const auto& t : texts.train) characters += t.size();  // fortunes-min is ASCII
  CHECK(encoded.ids.size() == characters + texts.train.size());
}

TEST_CASE("char tokenizer maps code points, not bytes, and marks unseen ones", "[stdlib]") {
  const auto tokenizer = sl::CharTokenizer::train({"h\u00e9llo \u65e5"});
  CHECK(tokenizer.vocabulary() == std::vector<std::int64_t>{' ', 'h', 'l', 'o', 0xe9, 0x65e5});
  const auto ids = tokenizer.encode("\u00e9\u65e5z");
  CHECK(ids == std::vector<std::int64_t>{2 + 4, 2 + 5, sl::CharTokenizer::unknown_id});
  CHECK(tokenizer.decode(ids) == "\u00e9\u65e5\uFFFD");
  CHECK(tokenizer.decode({sl::CharTokenizer::end_of_document_id}).empty());
  CHECK_THROWS_WITH(tokenizer.decode({99}), Catch::Contains("outside the vocabulary"));
}

TEST_CASE("a char tokenizer rebuilt from its vocabulary encodes the same", "[stdlib]") {
  const auto& texts = sl::testing::fortunes_min_texts();
  const auto trained = sl::CharTokenizer::train(texts.train);
  const auto rebuilt = sl::CharTokenizer::from_code_points(trained.vocabulary());
  for (const auto& t : texts.held_out) REQUIRE(rebuilt.encode(t) == trained.encode(t));
  CHECK_THROWS(sl::CharTokenizer::from_code_points({'b', 'a'}));
}
