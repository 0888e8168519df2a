// The counting language: a token corpus in which a count matters in three sources.
//
//   words:    BOS l_1 .. l_16 M x ARROW W_c END   the count c of item x in the list, as a word
//   digits:   BOS N d d+1 d+2 ... END             digits in another context (successors, mod 10)
//             BOS C d_1 .. d_k SEP d_1 .. d_k END (and copies)
//   explicit: BOS l_1 .. l_16 H x ARROW d END     "how many x?" -> the count as a digit d = c
//
// An explicit item is drawn with probability `explicit_frequency` (f, 0 allowed); the rest are
// split evenly between words and digits. The list holds c copies of the query item x (c uniform
// in 1..9) at random places, the other places random other items and fillers. So the count is
// needed to predict a non-digit token (W_c), digit tokens are trained elsewhere, and only the
// explicit items tie the count to the digit rows of the unembedding.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace assay::counting_bottleneck {

// Token ids.
namespace token {
constexpr int kDigit0 = 0;  // 0 .. 9
constexpr int kWord1 = 10;  // the count words "one" .. "nine": 10 .. 18
constexpr int kItem0 = 19;  // countable items: 19 .. 22
constexpr int kItems = 4;
constexpr int kFiller0 = 23;  // fillers that are never counted: 23 .. 26
constexpr int kFillers = 4;
constexpr int kBos = 27, kWordMarker = 28, kHowMany = 29, kArrow = 30, kEnd = 31;
constexpr int kSuccessor = 32, kCopy = 33, kSep = 34, kPad = 35;
constexpr int kVocab = 36;
inline int digit(int d) { return kDigit0 + d; }
inline int word(int c) { return kWord1 + c - 1; }
}  // namespace token

constexpr int kMaxCount = 9;
constexpr int kListLength = 16;
// BOS + list + marker + item + ARROW + answer + END.
constexpr int kSequenceLength = kListLength + 6;
// Where, in an explicit or word item, the answer is predicted (the ARROW) and read (next).
constexpr int kArrowPosition = kListLength + 3;
constexpr int kAnswerPosition = kArrowPosition + 1;

enum class Source { words = 0, digits = 1, explicit_count = 2 };

struct CorpusOptions {
  int sequences = 4096;
  double explicit_frequency = 0;  // f
};

// One sequence, padded with PAD to kSequenceLength; count and item are 0 for digit sequences.
struct Sequence {
  std::vector<int> tokens;
  Source source = Source::digits;
  int count = 0;
  int item = 0;
};

using Rng = std::mt19937_64;

// A list with `count` copies of `item` and a query: BOS list marker item ARROW answer END.
Sequence count_sequence(int count, int item, Source source, Rng& rng);
// A successor or copy sequence of digits (half each).
Sequence digit_sequence(Rng& rng);
// One sequence of the mixture.
Sequence draw_sequence(const CorpusOptions& options, Rng& rng);

struct Corpus {
  std::vector<int> tokens;  // sequences x kSequenceLength, row-major
  std::vector<int> source;  // per sequence: Source as int
  std::vector<int> count;   // per sequence: the count asked for (0: digit sequence)
  int sequences() const { return static_cast<int>(source.size()); }
  std::vector<int> row(int i) const;
};

Corpus make_corpus(const CorpusOptions& options, Rng& rng);

// The token rows of sequences, as sequence_batch takes them.
std::vector<std::vector<int>> token_rows(const std::vector<Sequence>& sequences);

// Held-out explicit ("how many") items with counts balanced over 1..9: `per_count` each.
std::vector<Sequence> explicit_items(int per_count, Rng& rng);

}  // namespace assay::counting_bottleneck
