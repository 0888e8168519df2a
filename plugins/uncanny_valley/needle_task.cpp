#include "needle_task.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace assay::uncanny_valley {

NeedleVocabulary needle_vocabulary(const Encoder& encode, std::int64_t end_of_document) {
  const auto yes = encode(" yes"), no = encode(" no");
  if (yes.empty() || no.empty() || yes.front() == no.front())
    throw std::invalid_argument(
        "tokenizer: \" yes\" and \" no\" start with the same token; train it with a larger "
        "vocabulary");
  return {yes.front(), no.front(), end_of_document};
}

std::vector<std::string> needle_words(const std::vector<std::string>& words) {
  std::vector<std::string> out;
  for (const auto& w : words)
    if (w.size() >= 5 && w.size() <= 9 &&
        std::all_of(w.begin(), w.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
      out.push_back(w);
  if (out.size() < 2)
    throw std::invalid_argument(
        "words: fewer than 2 lower-case words of 5 to 9 letters; connect "
        "a text_corpus of source words");
  return out;
}

std::vector<std::string> passage_sources(const std::vector<std::string>& documents) {
  std::vector<std::string> out;
  for (const auto& d : documents) {
    if (!std::all_of(d.begin(), d.end(), [](char c) { return c >= 0 && c < 0x7F; })) continue;
    std::istringstream words(d);
    std::string word, folded;
    while (words >> word) folded += (folded.empty() ? "" : " ") + word;
    if (!folded.empty()) out.push_back(folded);
  }
  if (out.empty()) throw std::invalid_argument("documents: no ASCII document with a word");
  return out;
}

std::size_t passage_budget(int context) {
  // Twice the longest needle and its space, and a few characters of passage.
  constexpr int smallest = kQueryTokens + 2 * (10 + 8);
  if (context < smallest)
    throw std::invalid_argument("context: " + std::to_string(context) +
                                " leaves no room for a passage; use at least " +
                                std::to_string(smallest));
  return static_cast<std::size_t>(context - kQueryTokens) / 2;
}

namespace {

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

template <class T>
const T& pick(const std::vector<T>& v, std::mt19937_64& rng) {
  return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng)];
}

}  // namespace

NeedleContent draw_needle_content(const std::vector<std::string>& sources,
                                  const std::vector<std::string>& needles, int index,
                                  std::size_t passage_characters, std::mt19937_64& rng) {
  NeedleContent c;
  c.positive = index % 2 == 0;
  const auto& needle = pick(needles, rng);
  // Room for the needle is kept in negatives too, so passages of both labels are alike.
  const std::size_t room = passage_characters - needle.size() - 1;
  std::vector<std::string> passage;
  while (passage.empty()) {
    const auto words = words_of(pick(sources, rng));
    auto w = std::uniform_int_distribution<std::size_t>(0, words.size() - 1)(rng);
    for (std::size_t length = 0; w < words.size(); ++w) {
      length += words[w].size() + (passage.empty() ? 0 : 1);
      if (length > room) break;
      passage.push_back(words[w]);
    }
  }
  if (c.positive) {
    const auto slot = std::uniform_int_distribution<std::size_t>(0, passage.size())(rng);
    passage.insert(passage.begin() + static_cast<std::ptrdiff_t>(slot), needle);
  }
  for (const auto& w : passage) c.passage += (c.passage.empty() ? "" : " ") + w;
  c.query = needle;
  while (!c.positive && (c.query == needle || c.passage.find(c.query) != std::string::npos))
    c.query = pick(needles, rng);
  return c;
}

NeedleExample needle_example(const NeedleContent& content, double p, Perturbation kind,
                             const Encoder& encode, const NeedleVocabulary& vocabulary, int context,
                             std::mt19937_64& rng) {
  auto ids = encode(fragment(content.passage, p, kind, rng).text);
  const auto query = encode("\n? " + content.query);
  ids.insert(ids.end(), query.begin(), query.end());
  const auto size = static_cast<std::ptrdiff_t>(ids.size());
  if (size > context)
    throw std::logic_error("needle example of " + std::to_string(size) +
                           " tokens exceeds context " + std::to_string(context) + ": passage \"" +
                           content.passage + "\"");
  NeedleExample e;
  e.tokens.assign(static_cast<std::size_t>(context - size), static_cast<int>(vocabulary.padding));
  for (auto id : ids) e.tokens.push_back(static_cast<int>(id));
  e.answer = static_cast<int>(content.positive ? vocabulary.yes : vocabulary.no);
  return e;
}

}  // namespace assay::uncanny_valley
