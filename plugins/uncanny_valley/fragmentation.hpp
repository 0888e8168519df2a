// Word-boundary corruption: whitespace inserted inside words. A word is a maximal run of
// non-whitespace code points (ASCII space, tab, newline, CR, VT, FF separate words); a gap is the
// boundary between two consecutive code points of one word, the only places a space may go. A
// word of n code points has n - 1 gaps.
//
// Two perturbations with the same expected number of insertions, p per gap:
//  - random: each gap independently receives a space with probability p (the paper's);
//  - regular: the spaces of a word are evenly spaced, one every 1/p code points, at a uniform
//    random phase u: gap j (1-based) receives one iff an integer lies in (u + (j-1)p, u + jp].
//    Over u this is exactly p per gap, so both perturbations insert p * gaps spaces on average;
//    with p = 1/k a word is cut every k characters.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace assay::uncanny_valley {

enum class Perturbation { random, regular };

bool is_word_separator(unsigned char c);

// The byte offsets of the gaps of `text`, in order (a UTF-8 continuation byte is never a gap).
std::vector<std::size_t> gap_offsets(std::string_view text);

// The gaps of each word: words[w] lists word w's gap offsets (empty for a one-letter word).
std::vector<std::vector<std::size_t>> word_gaps(std::string_view text);

// Which of a word's m gaps are cut by the regular perturbation at rate p and phase u in [0, 1).
std::vector<bool> regular_cuts(std::size_t m, double p, double u);

// `text` with a space inserted at every offset of `cuts` (ascending gap offsets).
std::string insert_spaces(std::string_view text, const std::vector<std::size_t>& cuts);

struct Fragmented {
  std::string text;
  std::int64_t gaps = 0;      // gaps of the input
  std::int64_t inserted = 0;  // spaces inserted
};

// Throws std::invalid_argument naming p unless 0 <= p <= 1.
Fragmented fragment(std::string_view text, double p, Perturbation kind, std::mt19937_64& rng);

// Every gap of the text cut: "word" -> "w o r d".
std::string letter_spaced(std::string_view text);

// The text with each word, independently with probability f, fully letter-spaced and the others
// left whole: the pretraining corpus of detection_lm, in which no word is partly fragmented.
std::string letter_space_words(std::string_view text, double f, std::mt19937_64& rng);

}  // namespace assay::uncanny_valley
