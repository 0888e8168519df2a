// The exact expected token counts of a corpus after fragmentation at rate p, from the tokenizer
// alone (no sampling). It relies on one property of the tokenizer, which the tests check on the
// real one: a run of spaces always starts a new token, so a text's tokens are the concatenation
// of the tokens of its pieces cut before each run of spaces (SentencePiece with
// split_by_whitespace, as stdlib's BPE is set up; its whitespace-only pieces such as "  " keep a
// run together). Fragmentation only adds single spaces between two non-space characters, so
// every token of a fragmented text comes from one segment of one original piece, the stretch
// between two consecutive cuts. Hence
//   E[count of token t] = sum over pieces, over segments s of the piece:
//                         P(s is a segment) * (count of t in encode(s)),
// where s runs between two cut positions a < b (the piece's start, one of its gaps, its end) and
// P(s) = P(cut at a, cut at b, no cut in between); a segment after a cut gets a leading space.
// Under the random perturbation P(s) = p^(cut ends) (1 - p)^(gaps inside); under the regular
// one, gaps of different words are independent and within a word the probability is summed
// over the phase intervals on which the word's cut pattern is constant. Each distinct piece is
// encoded once per segment, whatever the number of rates asked for.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fragmentation.hpp"

namespace assay::uncanny_valley {

using Encoder = std::function<std::vector<std::int64_t>(std::string_view)>;

// The distinct phase intervals of a word's regular cuts at rate p: each cut pattern of a word
// of m gaps with the probability (interval length) of the phases giving it.
struct CutPattern {
  double probability = 0;
  std::vector<bool> cut;
};
std::vector<CutPattern> regular_patterns(std::size_t m, double p);

class ExpectedTokenCounts {
 public:
  // Encodes every segment of every distinct space-led piece of the documents once.
  ExpectedTokenCounts(const std::vector<std::string>& documents, const Encoder& encode);

  // Expected count of each token id (index: id) in the documents fragmented at rate p.
  std::vector<double> counts(double p, Perturbation kind) const;
  // Expected number of gaps cut, and the number of gaps (the same for every p).
  double expected_insertions(double p, Perturbation kind) const;
  double gaps() const { return gaps_; }
  double characters() const { return characters_; }  // code points of the documents

  // A distinct space-led piece of the documents: how often it occurs, the gap ranges of its
  // words (in its own gap indices), and the tokens of each of its segments, in the order
  // (a, b) = (-1, 0), (-1, 1), ..., (-1, M), (0, 1), ..., (M - 1, M) for M gaps.
  struct Piece {
    double multiplicity = 0;
    int gaps = 0;
    std::vector<std::pair<int, int>> words;
    std::vector<std::int64_t> ids;
    std::vector<std::size_t> ends;  // segment k's tokens are ids[ends[k - 1] .. ends[k])
  };

 private:
  // P(cut at a, cut at b, none between) for a piece; -1 and gaps.size() are its two ends.
  double segment_probability(const Piece& piece, int a, int b, double p, Perturbation kind,
                             const std::vector<std::vector<CutPattern>>& patterns) const;

  std::vector<Piece> pieces_;
  std::int64_t vocabulary_ = 0;  // 1 + the largest id seen
  double gaps_ = 0, characters_ = 0;
};

}  // namespace assay::uncanny_valley
