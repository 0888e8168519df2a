#include "bpe_tokenizer.hpp"

#include <tbb/task_arena.h>

#include <catch2/catch.hpp>

#include "corpus_fixture.hpp"
#include "tokenized_corpus.hpp"

namespace sl = assay::stdlib;

namespace {

sl::BpeTokenizer fortunes_bpe(const sl::BpeOptions& options = {}) {
  return sl::BpeTokenizer::train(sl::testing::fortunes_min_texts().train, options);
}

}  // namespace

TEST_CASE("bpe round-trips the training and held-out fortunes", "[stdlib][bpe]") {
  const auto tokenizer = fortunes_bpe();
  CHECK(tokenizer.vocab_size() == 1000);
  const auto& texts = sl::testing::fortunes_min_texts();
  for (const auto* docs : {&texts.train, &texts.held_out}) {
    const auto encoded = sl::encode_documents(tokenizer, *docs);
    CHECK(encoded.not_round_tripped == 0);
    CHECK(encoded.unknown == 0);
    // Merges must compress: fewer tokens than bytes.
    std::size_t bytes = 0;
    for (const auto& t : *docs) bytes += t.size();
    CHECK(encoded.ids.size() < bytes);
  }
}

TEST_CASE("bpe byte fallback round-trips characters never seen in training", "[stdlib][bpe]") {
  const auto tokenizer = fortunes_bpe();
  const std::string text = "na\u00efve \u65e5\u672c \U0001F600 tabs\tand  double  spaces\n";
  const auto ids = tokenizer.encode(text);
  CHECK(tokenizer.decode(ids) == text);
  for (auto id : ids) CHECK(id != sl::BpeTokenizer::unknown_id);
}

TEST_CASE("bpe without byte fallback marks uncovered characters unknown", "[stdlib][bpe]") {
  sl::BpeOptions o;
  o.byte_fallback = false;
  const auto tokenizer = fortunes_bpe(o);
  const auto ids = tokenizer.encode("\u65e5");
  CHECK(ids == std::vector<std::int64_t>{sl::BpeTokenizer::unknown_id});
}

TEST_CASE("bpe split_digits gives every digit its own piece", "[stdlib][bpe]") {
  const auto split = fortunes_bpe();
  CHECK(split.encode("1984").size() == 4);
  sl::BpeOptions o;
  o.split_digits = false;
  const auto merged = fortunes_bpe(o);
  CHECK(merged.decode(merged.encode("1984")) == "1984");
}

TEST_CASE("bpe training is deterministic across runs and thread counts", "[stdlib][bpe]") {
  const auto reference = fortunes_bpe().model();
  CHECK(fortunes_bpe().model() == reference);
  for (int threads : {1, 2}) {
    tbb::task_arena arena(threads);
    std::string model;
    arena.execute([&] { model = fortunes_bpe().model(); });
    CHECK(model == reference);
  }
}

TEST_CASE("a bpe model travels as bytes and loads back to the same encoder", "[stdlib][bpe]") {
  const auto trained = fortunes_bpe();
  const auto loaded = sl::BpeTokenizer::from_model(trained.model());
  for (const auto& t : sl::testing::fortunes_min_texts().held_out)
    REQUIRE(loaded.encode(t) == trained.encode(t));
  CHECK_THROWS_WITH(sl::BpeTokenizer::from_model("not a model"),
                    Catch::Contains("sentencepiece: model cannot be loaded"));
}
