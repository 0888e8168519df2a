#include "fragmentation.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>

namespace uv = assay::uncanny_valley;

namespace {

// A text of many words of several lengths, one of them with a two-byte code point.
std::string sample_text() {
  std::string text;
  const char* words[] = {"the", "quick", "brown", "fox",         "jumps",        "over",
                         "a",   "lazy",  "dog,",  "caf\xc3\xa9", "fragmentation"};
  for (int r = 0; r < 40; ++r)
    for (const char* w : words) text += std::string(w) + (r % 3 == 0 ? "\n" : " ");
  return text;
}

}  // namespace

TEST_CASE("gaps lie between the code points of each word", "[uncanny_valley]") {
  const auto words = uv::word_gaps("ab cd\te\n caf\xc3\xa9");
  REQUIRE(words.size() == 4);
  CHECK(words[0] == std::vector<std::size_t>{1});
  CHECK(words[1] == std::vector<std::size_t>{4});
  CHECK(words[2].empty());
  CHECK(words[3] == std::vector<std::size_t>{10, 11, 12});  // none inside the two-byte e
  CHECK(uv::letter_spaced("ab cd\te\n caf\xc3\xa9") == "a b c d\te\n c a f \xc3\xa9");
}

TEST_CASE("rates 0 and 1 leave the text whole or letter-space it", "[uncanny_valley]") {
  std::mt19937_64 rng(1);
  const auto text = sample_text();
  for (auto kind : {uv::Perturbation::random, uv::Perturbation::regular}) {
    const auto none = uv::fragment(text, 0, kind, rng);
    CHECK(none.text == text);
    CHECK(none.inserted == 0);
    const auto all = uv::fragment(text, 1, kind, rng);
    CHECK(all.text == uv::letter_spaced(text));
    CHECK(all.inserted == all.gaps);
  }
  REQUIRE_THROWS_WITH(uv::fragment(text, 1.5, uv::Perturbation::random, rng),
                      Catch::Contains("p: 1.5"));
}

TEST_CASE("both perturbations insert p spaces per gap on average", "[uncanny_valley]") {
  const auto text = sample_text();
  const auto words = uv::word_gaps(text);
  const double gaps = static_cast<double>(uv::gap_offsets(text).size());
  std::mt19937_64 rng(7);
  constexpr int draws = 200;
  for (double p : {0.05, 0.3, 0.7}) {
    for (auto kind : {uv::Perturbation::random, uv::Perturbation::regular}) {
      double total = 0;
      for (int d = 0; d < draws; ++d)
        total += static_cast<double>(uv::fragment(text, p, kind, rng).inserted);
      // Standard error of the mean count: binomial for random cuts; for regular ones each word's
      // count is floor or ceil of its mean, variance at most 1/4 per word.
      const double variance = kind == uv::Perturbation::random
                                  ? gaps * p * (1 - p)
                                  : static_cast<double>(words.size()) / 4;
      CHECK(std::abs(total / draws - p * gaps) <= 4 * std::sqrt(variance / draws));
    }
  }
}

TEST_CASE("regular cuts fall every 1/p characters", "[uncanny_valley]") {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int d = 0; d < 50; ++d) {
    const auto cut = uv::regular_cuts(20, 0.25, unit(rng));
    std::vector<int> at;
    for (int j = 0; j < 20; ++j)
      if (cut[static_cast<std::size_t>(j)]) at.push_back(j);
    REQUIRE(at.size() == 5);  // 20 gaps * 0.25, whatever the phase
    for (std::size_t k = 1; k < at.size(); ++k) CHECK(at[k] - at[k - 1] == 4);
  }
}

TEST_CASE("pretraining letter-spaces whole words only", "[uncanny_valley]") {
  std::string text;
  for (int w = 0; w < 400; ++w) text += "abcde ";
  std::mt19937_64 rng(5);
  CHECK(uv::letter_space_words(text, 0, rng) == text);
  CHECK(uv::letter_space_words(text, 1, rng) == uv::letter_spaced(text));
  const auto half = uv::letter_space_words(text, 0.5, rng);
  // Each word is either "abcde" or "a b c d e": 4 spaces for every spaced word.
  const auto inserted = static_cast<double>(half.size() - text.size());
  REQUIRE(std::fmod(inserted, 4) == 0);
  CHECK(std::abs(inserted / 4 - 200) <= 4 * std::sqrt(400 * 0.25));
  for (std::size_t at = 0; at < half.size();) {
    const bool spaced = half.compare(at, 9, "a b c d e") == 0;
    REQUIRE((spaced || half.compare(at, 5, "abcde") == 0));
    at += spaced ? 10 : 6;
  }
}
