#include "expected_tokens.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace assay::uncanny_valley {

std::vector<CutPattern> regular_patterns(std::size_t m, double p) {
  // The pattern changes only where u + j p crosses an integer, at u = frac(-j p).
  std::vector<double> edges{0.0, 1.0};
  for (std::size_t j = 0; j <= m; ++j) {
    const double x = static_cast<double>(j) * p;
    edges.push_back(std::ceil(x) - x);
  }
  std::sort(edges.begin(), edges.end());
  std::vector<CutPattern> patterns;
  for (std::size_t k = 1; k < edges.size(); ++k) {
    const double width = edges[k] - edges[k - 1];
    if (width <= 0) continue;
    patterns.push_back({width, regular_cuts(m, p, edges[k - 1] + width / 2)});
  }
  return patterns;
}

namespace {

// A document's pieces: the text before its first space, then each run of spaces with what
// follows it up to the next run.
std::vector<std::string_view> pieces_of(std::string_view document) {
  std::vector<std::string_view> pieces;
  std::size_t from = 0;
  for (std::size_t i = 1; i <= document.size(); ++i)
    if (i == document.size() || (document[i] == ' ' && document[i - 1] != ' ')) {
      pieces.push_back(document.substr(from, i - from));
      from = i;
    }
  if (document.empty()) pieces.push_back(document);
  return pieces;
}

std::size_t code_points(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

}  // namespace

ExpectedTokenCounts::ExpectedTokenCounts(const std::vector<std::string>& documents,
                                         const Encoder& encode) {
  std::map<std::string_view, double> multiplicity;
  for (const auto& document : documents)
    for (auto piece : pieces_of(document)) multiplicity[piece] += 1;
  for (const auto& [text, count] : multiplicity) {
    Piece piece;
    piece.multiplicity = count;
    std::vector<std::size_t> offsets;
    for (const auto& word : word_gaps(text)) {
      const int first = static_cast<int>(offsets.size());
      offsets.insert(offsets.end(), word.begin(), word.end());
      if (!word.empty()) piece.words.emplace_back(first, static_cast<int>(offsets.size()));
    }
    piece.gaps = static_cast<int>(offsets.size());
    const auto at = [&](int cut) {
      return cut < 0 ? 0 : cut == piece.gaps ? text.size() : offsets[cut];
    };
    for (int a = -1; a < piece.gaps; ++a)
      for (int b = a + 1; b <= piece.gaps; ++b) {
        const auto segment = text.substr(at(a), at(b) - at(a));
        const auto ids = encode(a < 0 ? std::string(segment) : " " + std::string(segment));
        piece.ids.insert(piece.ids.end(), ids.begin(), ids.end());
        piece.ends.push_back(piece.ids.size());
      }
    for (auto id : piece.ids) vocabulary_ = std::max(vocabulary_, id + 1);
    gaps_ += count * piece.gaps;
    characters_ += count * static_cast<double>(code_points(text));
    pieces_.push_back(std::move(piece));
  }
}

double ExpectedTokenCounts::segment_probability(
    const Piece& piece, int a, int b, double p, Perturbation kind,
    const std::vector<std::vector<CutPattern>>& patterns) const {
  double probability = 1;
  for (const auto& [first, last] : piece.words) {
    if (first > b) break;
    if (last <= a) continue;
    const bool cut_a = a >= first && a < last, cut_b = b >= first && b < last;
    const int quiet_from = std::max(a + 1, first), quiet_to = std::min(b, last);
    const int quiet = std::max(0, quiet_to - quiet_from);
    if (kind == Perturbation::random) {
      probability *= std::pow(p, cut_a + cut_b) * std::pow(1 - p, quiet);
      continue;
    }
    double word = 0;
    for (const auto& pattern : patterns[static_cast<std::size_t>(last - first)]) {
      const auto& cut = pattern.cut;
      bool fits = (!cut_a || cut[a - first]) && (!cut_b || cut[b - first]);
      for (int g = quiet_from; fits && g < quiet_to; ++g) fits = !cut[g - first];
      if (fits) word += pattern.probability;
    }
    probability *= word;
  }
  return probability;
}

std::vector<double> ExpectedTokenCounts::counts(double p, Perturbation kind) const {
  int longest = 0;
  for (const auto& piece : pieces_)
    for (const auto& [first, last] : piece.words) longest = std::max(longest, last - first);
  std::vector<std::vector<CutPattern>> patterns(static_cast<std::size_t>(longest) + 1);
  if (kind == Perturbation::regular)
    for (std::size_t m = 1; m < patterns.size(); ++m) patterns[m] = regular_patterns(m, p);
  std::vector<double> expected(static_cast<std::size_t>(vocabulary_));
  for (const auto& piece : pieces_) {
    std::size_t k = 0;
    for (int a = -1; a < piece.gaps; ++a)
      for (int b = a + 1; b <= piece.gaps; ++b, ++k) {
        const double weight =
            piece.multiplicity * segment_probability(piece, a, b, p, kind, patterns);
        for (auto i = k == 0 ? 0 : piece.ends[k - 1]; weight > 0 && i < piece.ends[k]; ++i)
          expected[static_cast<std::size_t>(piece.ids[i])] += weight;
      }
  }
  return expected;
}

double ExpectedTokenCounts::expected_insertions(double p, Perturbation kind) const {
  // Both perturbations cut each gap with probability p (the regular one over its phase); this
  // sums the cut probabilities of the regular patterns to say so from the patterns themselves.
  if (kind == Perturbation::random) return p * gaps_;
  double total = 0;
  for (const auto& piece : pieces_)
    for (const auto& [first, last] : piece.words) {
      double cuts = 0;
      for (const auto& pattern : regular_patterns(static_cast<std::size_t>(last - first), p))
        cuts += pattern.probability *
                static_cast<double>(std::count(pattern.cut.begin(), pattern.cut.end(), true));
      total += piece.multiplicity * cuts;
    }
  return total;
}

}  // namespace assay::uncanny_valley
