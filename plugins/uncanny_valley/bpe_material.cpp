#include "bpe_material.hpp"

namespace assay::uncanny_valley {

Encoder bpe_encoder(std::shared_ptr<const stdlib::BpeTokenizer> tokenizer) {
  return [tokenizer](std::string_view text) { return tokenizer->encode(text); };
}

DetectionData detection_data(std::shared_ptr<const stdlib::BpeTokenizer> tokenizer,
                             const std::vector<std::string>& train_documents,
                             const std::vector<std::string>& test_documents,
                             const std::vector<std::string>& train_words,
                             const std::vector<std::string>& test_words) {
  const auto encode = bpe_encoder(tokenizer);
  const auto vocabulary = needle_vocabulary(encode, stdlib::BpeTokenizer::end_of_document_id);
  return {train_documents,
          {passage_sources(train_documents), needle_words(train_words), encode, vocabulary},
          {passage_sources(test_documents), needle_words(test_words), encode, vocabulary},
          tokenizer->vocab_size(),
          stdlib::BpeTokenizer::end_of_document_id};
}

}  // namespace assay::uncanny_valley
