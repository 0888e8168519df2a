// The experiment's material from stdlib's science: an Encoder over its SentencePiece BPE
// tokenizer, and the detection data from documents and word lists.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bpe_tokenizer.hpp"
#include "detection_run.hpp"

namespace assay::uncanny_valley {

// Keeps the tokenizer alive as long as the encoder.
Encoder bpe_encoder(std::shared_ptr<const stdlib::BpeTokenizer> tokenizer);

DetectionData detection_data(std::shared_ptr<const stdlib::BpeTokenizer> tokenizer,
                             const std::vector<std::string>& train_documents,
                             const std::vector<std::string>& test_documents,
                             const std::vector<std::string>& train_words,
                             const std::vector<std::string>& test_words);

}  // namespace assay::uncanny_valley
