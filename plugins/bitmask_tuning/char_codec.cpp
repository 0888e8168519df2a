#include "char_codec.hpp"

#include <stdexcept>

namespace assay::bitmask_tuning {

namespace {
int token_of(char c) {
  if (c == '\n') return kNewline;
  if (c == '\t') c = ' ';
  if (c < ' ' || c > '~') c = '?';
  return c - ' ';
}
}  // namespace

std::vector<int> encode(std::string_view text) {
  std::vector<int> out;
  out.reserve(text.size());
  for (char c : text) out.push_back(token_of(c));
  return out;
}

std::string decode(const std::vector<int>& tokens) {
  std::string out;
  out.reserve(tokens.size());
  for (int t : tokens) {
    if (t < 0 || t >= kVocab)
      throw std::invalid_argument("decode: token " + std::to_string(t) + " outside [0, 96)");
    out.push_back(t == kNewline ? '\n' : static_cast<char>(' ' + t));
  }
  return out;
}

std::string normalise(std::string_view text) { return decode(encode(text)); }

}  // namespace assay::bitmask_tuning
