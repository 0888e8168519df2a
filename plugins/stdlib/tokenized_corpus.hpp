// Encoding a list of documents with any tokenizer (CharTokenizer, BpeTokenizer): one id
// stream with the end-of-document id after each document, and how well it decodes back.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace assay::stdlib {

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

}  // namespace assay::stdlib
