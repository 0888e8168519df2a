#include "char_tokenizer.hpp"

#include <algorithm>
#include <stdexcept>

#include "tokenized_corpus.hpp"
#include "utf8.hpp"

namespace assay::stdlib {

CharTokenizer CharTokenizer::train(const std::vector<std::string>& texts) {
  std::vector<std::int64_t> seen;
  for (const auto& text : texts)
    for (char32_t c : code_points(text)) seen.push_back(c);
  std::sort(seen.begin(), seen.end());
  seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
  return from_code_points(std::move(seen));
}

CharTokenizer CharTokenizer::from_code_points(std::vector<std::int64_t> vocabulary) {
  for (std::size_t i = 0; i < vocabulary.size(); ++i) {
    const auto c = vocabulary[i];
    if (c < 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF) || (i > 0 && c <= vocabulary[i - 1]))
      throw std::invalid_argument("model: entry " + std::to_string(i) +
                                  " is not a sorted, distinct code point; pass the model that "
                                  "char_tokenizer wrote");
  }
  CharTokenizer t;
  t.vocabulary_ = std::move(vocabulary);
  return t;
}

std::vector<std::int64_t> CharTokenizer::encode(std::string_view text) const {
  std::vector<std::int64_t> ids;
  const auto points = code_points(text);
  ids.reserve(points.size());
  for (char32_t c : points) {
    const auto it = std::lower_bound(vocabulary_.begin(), vocabulary_.end(), std::int64_t{c});
    ids.push_back(it != vocabulary_.end() && *it == c ? first_char_id + (it - vocabulary_.begin())
                                                      : unknown_id);
  }
  return ids;
}

std::string CharTokenizer::decode(const std::vector<std::int64_t>& ids) const {
  std::string text;
  text.reserve(ids.size());
  for (auto id : ids) {
    if (id == end_of_document_id) continue;
    require_in_vocabulary(id, vocab_size());
    append_utf8(text, id == unknown_id ? U'\uFFFD'
                                       : static_cast<char32_t>(vocabulary_[id - first_char_id]));
  }
  return text;
}

std::string CharTokenizer::piece(std::int64_t id) const {
  if (id == unknown_id) return "<unk>";
  if (id == end_of_document_id) return "</s>";
  return decode({id});
}

}  // namespace assay::stdlib
