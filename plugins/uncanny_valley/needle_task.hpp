// The needle task, fixed before any run. An example is a short passage cut from a document, into
// which, for a positive, a needle word is inserted at a uniformly drawn word slot; a negative has
// no insertion. The query word (the needle for a positive, another word absent from the passage
// for a negative) follows the passage, and the answer is read at the last position:
//   [end-of-document padding] fragment(passage [+ needle], p) "\n? " query  -> yes | no
// Labels alternate, so a set is balanced. The passage and the needle are fragmented with the same
// p; the query is not. Passages are ASCII and at most (context - query tokens) / 2 characters,
// so that even letter-spaced (at most two tokens per character) the example fits the context:
// the content of an example never depends on p, and a set drawn at several rates is paired.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "expected_tokens.hpp"
#include "fragmentation.hpp"

namespace assay::uncanny_valley {

struct NeedleVocabulary {
  std::int64_t yes = 0, no = 0;  // the answer tokens: first tokens of " yes" and " no"
  std::int64_t padding = 0;      // the end-of-document id, left of the example
};
// Throws std::invalid_argument if " yes" and " no" start with the same token.
NeedleVocabulary needle_vocabulary(const Encoder& encode, std::int64_t end_of_document);

// The needle words: lower-case ASCII words of 5 to 9 letters from a word list.
std::vector<std::string> needle_words(const std::vector<std::string>& words);
// The passages' sources: ASCII documents with their whitespace runs folded to one space.
std::vector<std::string> passage_sources(const std::vector<std::string>& documents);

struct NeedleContent {
  std::string passage;  // with the needle for a positive
  std::string query;
  bool positive = false;
};

// Example i of a set: content drawn from rng (a positive for even i).
NeedleContent draw_needle_content(const std::vector<std::string>& sources,
                                  const std::vector<std::string>& needles, int index,
                                  std::size_t passage_characters, std::mt19937_64& rng);

struct NeedleExample {
  std::vector<int> tokens;  // exactly `context` ids
  int answer = 0;           // the yes or no id
};

// The example's tokens at rate p. Throws std::logic_error if it does not fit (a passage
// longer than the character budget allows).
NeedleExample needle_example(const NeedleContent& content, double p, Perturbation kind,
                             const Encoder& encode, const NeedleVocabulary& vocabulary, int context,
                             std::mt19937_64& rng);

// The query line "\n? " + a needle word takes at most 12 tokens (three for "\n? ", one per
// letter at worst); the passage gets half of the rest, in characters.
constexpr int kQueryTokens = 12;
std::size_t passage_budget(int context);

}  // namespace assay::uncanny_valley
