// A byte-pair-encoding tokenizer trained and run by SentencePiece, set up so that decoding
// gives back exactly the text encoded (identity normalisation, no whitespace folding, no
// dummy prefix) whenever every character is covered or byte_fallback is on.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sentencepiece {
class SentencePieceProcessor;
}

namespace assay::stdlib {

struct BpeOptions {
  int vocab_size = 1000;
  double character_coverage = 1.0;  // share of characters the vocabulary must cover
  bool split_digits = true;         // every digit its own piece
  bool byte_fallback = true;        // uncovered characters become UTF-8 byte pieces, not <unk>
};

class BpeTokenizer {
 public:
  static constexpr std::int64_t unknown_id = 0;
  static constexpr std::int64_t end_of_document_id = 2;  // SentencePiece's </s>

  // Trains on the documents (single-threaded, every sentence used, none shuffled: the model's
  // bytes depend on the texts and options alone). Documents longer than 16 KiB are fed in
  // line-aligned pieces, SentencePiece's limit on a training sentence.
  static BpeTokenizer train(const std::vector<std::string>& documents, const BpeOptions& options);
  // From the serialized model proto that `model()` returned.
  static BpeTokenizer from_model(std::string serialized);

  BpeTokenizer(BpeTokenizer&&) noexcept;
  BpeTokenizer& operator=(BpeTokenizer&&) noexcept;
  ~BpeTokenizer();

  std::vector<std::int64_t> encode(std::string_view text) const;
  // End-of-document ids decode to nothing.
  std::string decode(const std::vector<std::int64_t>& ids) const;

  const std::string& model() const { return model_; }
  std::int64_t vocab_size() const;
  std::string piece(std::int64_t id) const;

 private:
  BpeTokenizer();
  std::string model_;
  std::unique_ptr<sentencepiece::SentencePieceProcessor> processor_;
};

}  // namespace assay::stdlib
