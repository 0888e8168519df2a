#include "pipeline/source_error.hpp"

#include <algorithm>

namespace assay {

namespace {
std::string format(const SourcePos& pos, const std::string& key, const std::string& what,
                   const std::string& hint) {
  std::string s = "assay: " + pos.file;
  if (pos.line > 0) s += ":" + std::to_string(pos.line) + ":" + std::to_string(pos.col);
  if (!key.empty()) s += ": " + key;
  s += ": " + what;
  if (!hint.empty()) s += "; " + hint;
  return s;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}
}  // namespace

SourceError::SourceError(SourcePos pos, std::string key, std::string what, std::string hint)
    : std::runtime_error(format(pos, key, what, hint)),
      pos_(std::move(pos)),
      key_(std::move(key)) {}

std::string nearest_name(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const auto& c : candidates) {
    const auto d = edit_distance(word, c);
    if (d < best_distance) best = c, best_distance = d;
  }
  return best;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  const auto near = nearest_name(word, candidates);
  return near.empty() ? std::string() : "did you mean \"" + near + "\"? ";
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "(none)" : out;
}

}  // namespace assay
