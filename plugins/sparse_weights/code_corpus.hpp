// Python documents as the model reads them: one token per byte (printable ASCII and newline;
// anything else is one "other" token; documents end with an end-of-document token), each with
// the code latents of its position, and the fixed windows the analyses run on.
#pragma once

#include <string>
#include <vector>

#include "code_latents.hpp"

namespace assay::sparse_weights {

constexpr int kEndOfDocument = 0;
constexpr int kOtherByte = 1;
constexpr int kVocab = 2 + 95 + 1;  // end, other, ' '..'~', '\n'
int byte_token(char c);

struct CodeCorpus {
  std::vector<int> tokens;
  std::vector<CodeLatents> latents;  // latents[i] describes the text up to token i (or empty)
  std::size_t documents = 0;
};
// Without latents (training data, where only the tokens are needed) it takes 1/7 the memory.
CodeCorpus code_corpus(const std::vector<std::string>& documents, bool with_latents = true);

// A window of context tokens and their next tokens, with the latents of each input position
// (the state in which the next token is predicted).
struct TokenWindow {
  std::vector<int> inputs, targets;
  std::vector<CodeLatents> latents;
};

// `count` windows spread evenly over the corpus (start i at i * (size - context - 1) / count).
std::vector<TokenWindow> spread_windows(const CodeCorpus& corpus, int count, int context);

// The latents of the windows' positions, in order (window by window).
std::vector<CodeLatents> window_latents(const std::vector<TokenWindow>& windows);

}  // namespace assay::sparse_weights
