// fortunes-min and wamerican as the tests use them, and stdlib's BPE trained on fortunes-min's
// train split at vocabulary 512 (the claims' scale), each built once per test process.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bpe_tokenizer.hpp"

namespace assay::uncanny_valley::testing {

struct Corpora {
  std::vector<std::string> train, test, train_words, test_words;
  std::shared_ptr<const stdlib::BpeTokenizer> tokenizer;
};
const Corpora& corpora();

}  // namespace assay::uncanny_valley::testing
