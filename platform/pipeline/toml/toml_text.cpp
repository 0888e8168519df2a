#include "pipeline/toml/toml_text.hpp"

#include <algorithm>
#include <cstdio>

namespace assay {

namespace {
bool is_bare_key_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

std::string escaped_char(char c) {
  switch (c) {
    case '"':
      return "\\\"";
    case '\\':
      return "\\\\";
    case '\n':
      return "\\n";
    case '\t':
      return "\\t";
    case '\r':
      return "\\r";
    default:
      break;
  }
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u != 0x7f) return std::string(1, c);
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\u%04x", u);
  return buf;
}

std::string quoted(std::string_view s) {
  std::string q = "\"";
  for (const char c : s) q += escaped_char(c);
  return q + '"';
}
}  // namespace

std::string toml_text(const Value& value) {
  if (value.kind() == Kind::string) return assay::quoted(value.as_string());
  return to_text(value);
}

std::string toml_key(std::string_view key) {
  if (!key.empty() && std::all_of(key.begin(), key.end(), is_bare_key_char))
    return std::string(key);
  return quoted(key);
}

}  // namespace assay
