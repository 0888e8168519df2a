#include "counting_corpus.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

namespace cb = assay::counting_bottleneck;
namespace tk = cb::token;

TEST_CASE("a count sequence lists the item as often as its answer says", "[counting_bottleneck]") {
  cb::Rng rng(1);
  for (int c = 1; c <= cb::kMaxCount; ++c)
    for (auto source : {cb::Source::words, cb::Source::explicit_count}) {
      const auto s = cb::count_sequence(c, 2, source, rng);
      REQUIRE(s.tokens.size() == cb::kSequenceLength);
      const auto list_begin = s.tokens.begin() + 1, list_end = list_begin + cb::kListLength;
      CHECK(std::count(list_begin, list_end, tk::kItem0 + 2) == c);
      // Distractors are other items or fillers, never a digit, word or marker.
      CHECK(std::all_of(list_begin, list_end,
                        [](int t) { return t >= tk::kItem0 && t < tk::kFiller0 + tk::kFillers; }));
      CHECK(s.tokens[cb::kArrowPosition] == tk::kArrow);
      CHECK(s.tokens[cb::kArrowPosition - 1] == tk::kItem0 + 2);
      const int answer = source == cb::Source::words ? tk::word(c) : tk::digit(c);
      CHECK(s.tokens[cb::kAnswerPosition] == answer);
      CHECK(s.tokens.back() == tk::kEnd);
    }
  REQUIRE_THROWS_WITH(cb::count_sequence(10, 0, cb::Source::words, rng),
                      Catch::Contains("count: 10"));
}

TEST_CASE("digit sequences count up or copy and never ask for a count", "[counting_bottleneck]") {
  cb::Rng rng(2);
  int successors = 0;
  for (int i = 0; i < 200; ++i) {
    const auto s = cb::digit_sequence(rng);
    REQUIRE(s.tokens.size() == cb::kSequenceLength);
    CHECK(std::count(s.tokens.begin(), s.tokens.end(), tk::kArrow) == 0);
    if (s.tokens[1] == tk::kSuccessor) {
      ++successors;
      for (int t = 3; s.tokens[t] != tk::kEnd; ++t)
        CHECK(s.tokens[t] == (s.tokens[t - 1] + 1) % 10);
    } else {
      const auto sep = std::find(s.tokens.begin(), s.tokens.end(), tk::kSep);
      const auto k = sep - (s.tokens.begin() + 2);
      CHECK(std::equal(s.tokens.begin() + 2, sep, sep + 1));
      CHECK(*(sep + 1 + k) == tk::kEnd);
    }
  }
  CHECK(successors > 70);
  CHECK(successors < 130);
}

TEST_CASE("the explicit frequency sets the share of digit-count items", "[counting_bottleneck]") {
  cb::Rng a(3), b(3);
  const auto none = cb::make_corpus({.sequences = 2000, .explicit_frequency = 0}, a);
  CHECK(std::count(none.source.begin(), none.source.end(), 2) == 0);
  CHECK(none.tokens.size() == 2000u * cb::kSequenceLength);
  const auto again = cb::make_corpus({.sequences = 2000, .explicit_frequency = 0}, b);
  CHECK(again.tokens == none.tokens);
  cb::Rng c(4);
  const auto some = cb::make_corpus({.sequences = 4000, .explicit_frequency = 0.25}, c);
  const auto explicit_items = std::count(some.source.begin(), some.source.end(), 2);
  // Binomial(4000, 0.25): sd 27.4; 5 sd either side.
  CHECK(explicit_items > 1000 - 137);
  CHECK(explicit_items < 1000 + 137);
  cb::Rng d(5);
  REQUIRE_THROWS_WITH(cb::make_corpus({.sequences = 10, .explicit_frequency = 1.5}, d),
                      Catch::Contains("explicit_frequency"));
}

TEST_CASE("held-out explicit items are balanced over the counts", "[counting_bottleneck]") {
  cb::Rng rng(6);
  const auto items = cb::explicit_items(7, rng);
  REQUIRE(items.size() == 63);
  for (int c = 1; c <= cb::kMaxCount; ++c)
    CHECK(std::count_if(items.begin(), items.end(), [c](const auto& s) { return s.count == c; }) ==
          7);
}
