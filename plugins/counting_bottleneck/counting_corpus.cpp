#include "counting_corpus.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace assay::counting_bottleneck {
namespace {

int uniform_int(int lo, int hi, Rng& rng) {  // inclusive; std::uniform_int_distribution
  // differs between standard libraries, so draw from the raw bits
  const auto span = static_cast<std::uint64_t>(hi - lo + 1);
  return lo + static_cast<int>(rng() % span);
}

double uniform01(Rng& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

Sequence padded(Sequence s) {
  s.tokens.resize(kSequenceLength, token::kPad);
  return s;
}

// Any token of the list that is not `item`: another item or a filler, half each.
int distractor(int item, Rng& rng) {
  if (uniform01(rng) < 0.5) return token::kFiller0 + uniform_int(0, token::kFillers - 1, rng);
  const int other = uniform_int(0, token::kItems - 2, rng);
  return token::kItem0 + (other >= item ? other + 1 : other);
}

}  // namespace

Sequence count_sequence(int count, int item, Source source, Rng& rng) {
  if (count < 1 || count > kMaxCount)
    throw std::invalid_argument("count: " + std::to_string(count) + " is not in 1..9");
  if (source == Source::digits) throw std::invalid_argument("source: digits has no count");
  std::vector<int> list(kListLength);
  for (auto& t : list) t = distractor(item, rng);
  std::vector<int> places(kListLength);
  std::iota(places.begin(), places.end(), 0);
  for (int i = 0; i < count; ++i) {  // a partial Fisher-Yates shuffle picks the places
    std::swap(places[i], places[uniform_int(i, kListLength - 1, rng)]);
    list[places[i]] = token::kItem0 + item;
  }
  Sequence s{{token::kBos}, source, count, item};
  s.tokens.insert(s.tokens.end(), list.begin(), list.end());
  const bool words = source == Source::words;
  s.tokens.insert(s.tokens.end(),
                  {words ? token::kWordMarker : token::kHowMany, token::kItem0 + item,
                   token::kArrow, words ? token::word(count) : token::digit(count), token::kEnd});
  return s;
}

Sequence digit_sequence(Rng& rng) {
  Sequence s{{token::kBos}, Source::digits, 0, 0};
  if (uniform01(rng) < 0.5) {
    s.tokens.push_back(token::kSuccessor);
    const int start = uniform_int(0, 9, rng), length = uniform_int(3, kSequenceLength - 3, rng);
    for (int i = 0; i < length; ++i) s.tokens.push_back(token::digit((start + i) % 10));
  } else {
    s.tokens.push_back(token::kCopy);
    std::vector<int> digits(uniform_int(2, (kSequenceLength - 4) / 2, rng));
    for (auto& d : digits) d = token::digit(uniform_int(0, 9, rng));
    s.tokens.insert(s.tokens.end(), digits.begin(), digits.end());
    s.tokens.push_back(token::kSep);
    s.tokens.insert(s.tokens.end(), digits.begin(), digits.end());
  }
  s.tokens.push_back(token::kEnd);
  return padded(std::move(s));
}

Sequence draw_sequence(const CorpusOptions& options, Rng& rng) {
  const double u = uniform01(rng);
  const double f = options.explicit_frequency;
  if (u < f)
    return count_sequence(uniform_int(1, kMaxCount, rng), uniform_int(0, token::kItems - 1, rng),
                          Source::explicit_count, rng);
  if (u < f + (1 - f) / 2)
    return count_sequence(uniform_int(1, kMaxCount, rng), uniform_int(0, token::kItems - 1, rng),
                          Source::words, rng);
  return digit_sequence(rng);
}

std::vector<int> Corpus::row(int i) const {
  const auto first = tokens.begin() + static_cast<std::ptrdiff_t>(i) * kSequenceLength;
  return {first, first + kSequenceLength};
}

Corpus make_corpus(const CorpusOptions& options, Rng& rng) {
  if (options.sequences < 1)
    throw std::invalid_argument("sequences: " + std::to_string(options.sequences) +
                                " must be at least 1");
  if (!(options.explicit_frequency >= 0 && options.explicit_frequency <= 1))
    throw std::invalid_argument(
        "explicit_frequency: " + std::to_string(options.explicit_frequency) + " is not in [0, 1]");
  Corpus c;
  for (int i = 0; i < options.sequences; ++i) {
    const Sequence s = draw_sequence(options, rng);
    c.tokens.insert(c.tokens.end(), s.tokens.begin(), s.tokens.end());
    c.source.push_back(static_cast<int>(s.source));
    c.count.push_back(s.count);
  }
  return c;
}

std::vector<std::vector<int>> token_rows(const std::vector<Sequence>& sequences) {
  std::vector<std::vector<int>> rows;
  for (const auto& s : sequences) rows.push_back(s.tokens);
  return rows;
}

std::vector<Sequence> explicit_items(int per_count, Rng& rng) {
  std::vector<Sequence> items;
  for (int c = 1; c <= kMaxCount; ++c)
    for (int i = 0; i < per_count; ++i)
      items.push_back(
          count_sequence(c, uniform_int(0, token::kItems - 1, rng), Source::explicit_count, rng));
  return items;
}

}  // namespace assay::counting_bottleneck
