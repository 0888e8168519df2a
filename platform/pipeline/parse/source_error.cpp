#include "pipeline/parse/source_error.hpp"

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

}  // namespace

SourceError::SourceError(SourcePos pos, std::string key, std::string what, std::string hint)
    : std::runtime_error(format(pos, key, what, hint)),
      pos_(std::move(pos)),
      key_(std::move(key)) {}

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
