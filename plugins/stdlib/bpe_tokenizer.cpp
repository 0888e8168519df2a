#include "bpe_tokenizer.hpp"

#include <sentencepiece_processor.h>
#include <sentencepiece_trainer.h>

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

#include "tokenized_corpus.hpp"

namespace assay::stdlib {

namespace {

constexpr std::size_t max_training_sentence = 16384;

// Where to cut `text` at or before `limit` bytes: after the last newline if there is one,
// else at the last UTF-8 character boundary.
std::size_t cut_point(std::string_view text, std::size_t limit) {
  if (text.size() <= limit) return text.size();
  const auto newline = text.rfind('\n', limit - 1);
  if (newline != std::string_view::npos) return newline + 1;
  auto cut = limit;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return cut;
}

// The training sentences: each document, in pieces of at most max_training_sentence bytes.
class DocumentPieces : public sentencepiece::SentenceIterator {
 public:
  explicit DocumentPieces(const std::vector<std::string>& documents) : documents_(documents) {
    settle();
  }
  bool done() const override { return document_ >= documents_.size(); }
  void Next() override {
    offset_ += current_.size();
    settle();
  }
  const std::string& value() const override { return current_; }
  sentencepiece::util::Status status() const override { return {}; }

 private:
  // Moves to the next non-empty piece at or after (document_, offset_).
  void settle() {
    while (!done()) {
      const std::string_view rest = std::string_view(documents_[document_]).substr(offset_);
      if (!rest.empty()) {
        current_.assign(rest.substr(0, cut_point(rest, max_training_sentence)));
        return;
      }
      ++document_;
      offset_ = 0;
    }
  }
  const std::vector<std::string>& documents_;
  std::size_t document_ = 0, offset_ = 0;
  std::string current_;
};

void require_ok(const sentencepiece::util::Status& status, const std::string& what) {
  if (!status.ok()) throw std::runtime_error("sentencepiece: " + what + ": " + status.ToString());
}

std::unordered_map<std::string, std::string> trainer_arguments(const BpeOptions& o) {
  auto flag = [](bool b) { return std::string(b ? "true" : "false"); };
  return {{"model_type", "bpe"},
          {"vocab_size", std::to_string(o.vocab_size)},
          {"character_coverage", std::to_string(o.character_coverage)},
          {"split_digits", flag(o.split_digits)},
          {"byte_fallback", flag(o.byte_fallback)},
          {"normalization_rule_name", "identity"},
          {"remove_extra_whitespaces", "false"},
          {"add_dummy_prefix", "false"},
          {"allow_whitespace_only_pieces", "true"},
          {"max_sentence_length", std::to_string(max_training_sentence)},
          {"input_sentence_size", "0"},
          {"shuffle_input_sentence", "false"},
          {"num_threads", "1"},
          {"minloglevel", "2"}};
}

}  // namespace

BpeTokenizer::BpeTokenizer()
    : processor_(std::make_unique<sentencepiece::SentencePieceProcessor>()) {}
BpeTokenizer::BpeTokenizer(BpeTokenizer&&) noexcept = default;
BpeTokenizer& BpeTokenizer::operator=(BpeTokenizer&&) noexcept = default;
BpeTokenizer::~BpeTokenizer() = default;

BpeTokenizer BpeTokenizer::train(const std::vector<std::string>& documents,
                                 const BpeOptions& options) {
  DocumentPieces sentences(documents);
  std::string model;
  require_ok(
      sentencepiece::SentencePieceTrainer::Train(trainer_arguments(options), &sentences, &model),
      "training failed");
  return from_model(std::move(model));
}

BpeTokenizer BpeTokenizer::from_model(std::string serialized) {
  BpeTokenizer t;
  require_ok(t.processor_->LoadFromSerializedProto(serialized), "model cannot be loaded");
  t.model_ = std::move(serialized);
  return t;
}

std::vector<std::int64_t> BpeTokenizer::encode(std::string_view text) const {
  std::vector<int> ids;
  require_ok(processor_->Encode(text, &ids), "encoding failed");
  return {ids.begin(), ids.end()};
}

std::string BpeTokenizer::decode(const std::vector<std::int64_t>& ids) const {
  std::vector<int> kept;
  kept.reserve(ids.size());
  for (auto id : ids) {
    if (id == end_of_document_id) continue;
    require_in_vocabulary(id, vocab_size());
    kept.push_back(static_cast<int>(id));
  }
  std::string text;
  require_ok(processor_->Decode(kept, &text), "decoding failed");
  return text;
}

std::int64_t BpeTokenizer::vocab_size() const { return processor_->GetPieceSize(); }

std::string BpeTokenizer::piece(std::int64_t id) const {
  return processor_->IdToPiece(static_cast<int>(id));
}

}  // namespace assay::stdlib
