// The name nearest to a misspelt one, for "did you mean" hints. Header-only and free of the rest
// of the SDK (standard library only), so the host's pipeline errors and nn's parameter lookup
// share one rule without nn depending on the SDK library; it is not part of the plugin ABI.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace assay {

// Levenshtein distance: insertions, deletions and substitutions of one character each.
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
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

// The first candidate nearest to `word`, if it is within max(2, |word| / 3) edits (so a hint
// is a likely typo, not any name at all); "" otherwise.
inline std::string nearest_name(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const auto& c : candidates) {
    const auto d = edit_distance(word, c);
    if (d < best_distance) best = c, best_distance = d;
  }
  return best;
}

}  // namespace assay
