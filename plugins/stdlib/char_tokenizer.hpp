// A character-level tokenizer: one id per Unicode code point seen in the training text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace assay::stdlib {

class CharTokenizer {
 public:
  static constexpr std::int64_t unknown_id = 0;          // a code point not in the vocabulary
  static constexpr std::int64_t end_of_document_id = 1;  // appended after each document
  static constexpr std::int64_t first_char_id = 2;

  // The vocabulary: every code point of `texts` (valid UTF-8), sorted; id first_char_id + k
  // is the k-th.
  static CharTokenizer train(const std::vector<std::string>& texts);
  // From a vocabulary as `vocabulary()` returned it (sorted, distinct, valid code points).
  static CharTokenizer from_code_points(std::vector<std::int64_t> vocabulary);

  std::vector<std::int64_t> encode(std::string_view text) const;
  // Unknown ids decode to U+FFFD, end-of-document ids to nothing; ids outside the vocabulary
  // throw std::invalid_argument.
  std::string decode(const std::vector<std::int64_t>& ids) const;

  // "<unk>", "</s>" (end of document) or the character, as UTF-8.
  std::string piece(std::int64_t id) const;

  const std::vector<std::int64_t>& vocabulary() const { return vocabulary_; }
  std::int64_t vocab_size() const {
    return first_char_id + static_cast<std::int64_t>(vocabulary_.size());
  }

 private:
  std::vector<std::int64_t> vocabulary_;  // sorted code points
};

}  // namespace assay::stdlib
