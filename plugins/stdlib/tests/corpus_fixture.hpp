// Test support: the fortunes-min corpus's document texts, read once per test process.
#pragma once

#include <string>
#include <vector>

#include "text_corpus.hpp"

namespace assay::stdlib::testing {

struct CorpusTexts {
  std::vector<std::string> train, held_out;  // held_out: validation and test
};

inline const CorpusTexts& fortunes_min_texts() {
  static const CorpusTexts texts = [] {
    const auto corpus = read_text_corpus({});
    CorpusTexts t;
    for (const auto& d : corpus.train) t.train.push_back(d.text);
    for (const auto* split : {&corpus.validation, &corpus.test})
      for (const auto& d : *split) t.held_out.push_back(d.text);
    return t;
  }();
  return texts;
}

}  // namespace assay::stdlib::testing
