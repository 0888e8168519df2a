#include "fragmentation.hpp"

#include <cmath>
#include <stdexcept>

namespace assay::uncanny_valley {

namespace {
bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

void require_rate(double p, const char* name) {
  if (!(p >= 0 && p <= 1))
    throw std::invalid_argument(std::string(name) + ": " + std::to_string(p) +
                                " is not a probability; use a value in [0, 1]");
}
}  // namespace

bool is_word_separator(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

std::vector<std::vector<std::size_t>> word_gaps(std::string_view text) {
  std::vector<std::vector<std::size_t>> words;
  bool in_word = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (is_word_separator(c)) {
      in_word = false;
    } else if (!in_word) {
      words.emplace_back();
      in_word = true;
    } else if (!is_continuation(c)) {
      words.back().push_back(i);
    }
  }
  return words;
}

std::vector<std::size_t> gap_offsets(std::string_view text) {
  std::vector<std::size_t> all;
  for (const auto& word : word_gaps(text)) all.insert(all.end(), word.begin(), word.end());
  return all;
}

std::vector<bool> regular_cuts(std::size_t m, double p, double u) {
  std::vector<bool> cut(m);
  for (std::size_t j = 1; j <= m; ++j)
    cut[j - 1] =
        std::floor(u + static_cast<double>(j) * p) > std::floor(u + static_cast<double>(j - 1) * p);
  return cut;
}

std::string insert_spaces(std::string_view text, const std::vector<std::size_t>& cuts) {
  std::string out;
  out.reserve(text.size() + cuts.size());
  std::size_t from = 0;
  for (auto at : cuts) {
    out.append(text.substr(from, at - from));
    out += ' ';
    from = at;
  }
  out.append(text.substr(from));
  return out;
}

Fragmented fragment(std::string_view text, double p, Perturbation kind, std::mt19937_64& rng) {
  require_rate(p, "p");
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<std::size_t> cuts;
  Fragmented out;
  for (const auto& gaps : word_gaps(text)) {
    out.gaps += static_cast<std::int64_t>(gaps.size());
    if (gaps.empty()) continue;
    if (kind == Perturbation::random) {
      for (auto g : gaps)
        if (unit(rng) < p) cuts.push_back(g);
    } else {
      const auto cut = regular_cuts(gaps.size(), p, unit(rng));
      for (std::size_t j = 0; j < gaps.size(); ++j)
        if (cut[j]) cuts.push_back(gaps[j]);
    }
  }
  out.inserted = static_cast<std::int64_t>(cuts.size());
  out.text = insert_spaces(text, cuts);
  return out;
}

std::string letter_spaced(std::string_view text) { return insert_spaces(text, gap_offsets(text)); }

std::string letter_space_words(std::string_view text, double f, std::mt19937_64& rng) {
  require_rate(f, "f");
  std::bernoulli_distribution spaced(f);
  std::vector<std::size_t> cuts;
  for (const auto& gaps : word_gaps(text))
    if (spaced(rng)) cuts.insert(cuts.end(), gaps.begin(), gaps.end());
  return insert_spaces(text, cuts);
}

}  // namespace assay::uncanny_valley
