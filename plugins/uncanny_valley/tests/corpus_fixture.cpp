#include "corpus_fixture.hpp"

#include "text_corpus.hpp"

namespace assay::uncanny_valley::testing {

namespace {
std::vector<std::string> texts(const std::vector<stdlib::Document>& documents) {
  std::vector<std::string> out;
  for (const auto& d : documents) out.push_back(d.text);
  return out;
}

Corpora read() {
  const auto fortunes = stdlib::read_text_corpus({.source = stdlib::TextSource::fortunes_min});
  const auto words = stdlib::read_text_corpus({.source = stdlib::TextSource::words});
  Corpora c{texts(fortunes.train), texts(fortunes.test), texts(words.train), texts(words.test),
            nullptr};
  c.tokenizer = std::make_shared<const stdlib::BpeTokenizer>(
      stdlib::BpeTokenizer::train(c.train, {.vocab_size = 512}));
  return c;
}
}  // namespace

const Corpora& corpora() {
  static const Corpora c = read();
  return c;
}

}  // namespace assay::uncanny_valley::testing
