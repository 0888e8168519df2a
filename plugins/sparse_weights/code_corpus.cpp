#include "code_corpus.hpp"

#include <stdexcept>

namespace assay::sparse_weights {

int byte_token(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (c == '\n') return kVocab - 1;
  if (u >= 32 && u < 127) return 2 + (u - 32);
  return kOtherByte;
}

CodeCorpus code_corpus(const std::vector<std::string>& documents, bool with_latents) {
  CodeCorpus c;
  for (const auto& d : documents) {
    if (d.empty()) continue;
    for (char ch : d) c.tokens.push_back(byte_token(ch));
    c.tokens.push_back(kEndOfDocument);
    if (!with_latents) continue;
    const auto latents = lex_python(d);
    c.latents.insert(c.latents.end(), latents.begin(), latents.end());
    c.latents.push_back(CodeLatents{});
    ++c.documents;
  }
  return c;
}

std::vector<TokenWindow> spread_windows(const CodeCorpus& corpus, int count, int context) {
  const auto n = static_cast<long>(corpus.tokens.size());
  if (n < context + 1)
    throw std::invalid_argument("windows: the corpus has " + std::to_string(n) +
                                " tokens, fewer than context + 1 = " + std::to_string(context + 1));
  std::vector<TokenWindow> out;
  for (int i = 0; i < count; ++i) {
    const long start = static_cast<long>(i) * (n - context - 1) / count;
    TokenWindow w;
    w.inputs.assign(corpus.tokens.begin() + start, corpus.tokens.begin() + start + context);
    w.targets.assign(corpus.tokens.begin() + start + 1,
                     corpus.tokens.begin() + start + context + 1);
    if (!corpus.latents.empty())
      w.latents.assign(corpus.latents.begin() + start, corpus.latents.begin() + start + context);
    out.push_back(std::move(w));
  }
  return out;
}

std::vector<CodeLatents> window_latents(const std::vector<TokenWindow>& windows) {
  std::vector<CodeLatents> out;
  for (const auto& w : windows) out.insert(out.end(), w.latents.begin(), w.latents.end());
  return out;
}

}  // namespace assay::sparse_weights
