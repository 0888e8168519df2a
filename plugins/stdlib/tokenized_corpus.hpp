// Encoding a list of documents with any tokenizer (CharTokenizer, BpeTokenizer): one id
// stream with the end-of-document id after each document, how well it decodes back, and
// decoding such a stream into its documents.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace assay::stdlib {

// Throws std::invalid_argument unless 0 <= id < vocab_size.
inline void require_in_vocabulary(std::int64_t id, std::int64_t vocab_size) {
  if (id < 0 || id >= vocab_size)
    throw std::invalid_argument("ids: " + std::to_string(id) + " is outside the vocabulary [0, " +
                                std::to_string(vocab_size) +
                                "); decode with the model that encoded them");
}

struct EncodedDocuments {
  std::vector<std::int64_t> ids;       // document 0, end_of_document_id, document 1, ...
  std::int64_t unknown = 0;            // ids equal to the tokenizer's unknown_id
  std::int64_t not_round_tripped = 0;  // documents whose decode(encode(d)) != d
};

template <class Tokenizer>
EncodedDocuments encode_documents(const Tokenizer& tokenizer,
                                  const std::vector<std::string>& documents) {
  EncodedDocuments out;
  for (const auto& document : documents) {
    const auto ids = tokenizer.encode(document);
    for (auto id : ids) out.unknown += id == Tokenizer::unknown_id;
    out.not_round_tripped += tokenizer.decode(ids) != document;
    out.ids.insert(out.ids.end(), ids.begin(), ids.end());
    out.ids.push_back(Tokenizer::end_of_document_id);
  }
  return out;
}

// The inverse: one text per run of ids ended by the end-of-document id (and one for a final
// run without it).
template <class Tokenizer>
std::vector<std::string> decode_documents(const Tokenizer& tokenizer,
                                          const std::vector<std::int64_t>& ids) {
  std::vector<std::string> documents;
  std::vector<std::int64_t> current;
  for (auto id : ids) {
    if (id != Tokenizer::end_of_document_id) {
      current.push_back(id);
      continue;
    }
    documents.push_back(tokenizer.decode(current));
    current.clear();
  }
  if (!current.empty()) documents.push_back(tokenizer.decode(current));
  return documents;
}

}  // namespace assay::stdlib
