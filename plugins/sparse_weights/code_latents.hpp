// The latent variables of Python source that an explanation of a weight may use, per
// character: the state a reader holds after reading that character (so, at the position where
// the model predicts the next one). A small hand-written lexer computes them; it knows
// strings (with their quote), comments, brackets, indentation, def/class headers, the column
// and whether the identifier being typed repeats one seen earlier in the document.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace assay::sparse_weights {

enum class Quote : std::uint8_t { none, single, double_, triple_single, triple_double };

// What a character is, for "the current character" and "the next character" conditions.
enum class CharClass : std::uint8_t {
  letter,  // a-z, A-Z, _
  digit,
  space,
  newline,
  quote,      // ' or "
  open,       // ( [ {
  close,      // ) ] }
  colon,      // :
  dot,        // .
  comma,      // ,
  operator_,  // any other printable ASCII
  other,      // non-ASCII, control characters, end of document
};
constexpr int kCharClasses = 12;
CharClass char_class(char c);

struct CodeLatents {
  Quote quote = Quote::none;  // inside a string literal (its opening quote included)
  bool comment = false;       // inside a # comment (not its newline)
  int depth = 0;              // open brackets outside strings and comments
  int indent = 0;             // leading spaces of the current line / 4 (a tab counts 4)
  bool leading = false;       // the character is part of the line's leading whitespace
  bool header = false;        // in a def/class line, after the keyword, up to its colon
  int column = 0;             // 0-based position in the line
  bool identifier = false;    // inside an identifier (or keyword)
  bool reuse = false;         // ... whose prefix so far begins an identifier seen earlier
  CharClass current = CharClass::other, next = CharClass::other;
};

// The names latents are stored and written under ("double", "newline", ...), and back; the
// readers throw std::invalid_argument naming the text.
const char* name_of(Quote q);
const char* name_of(CharClass c);
Quote quote_named(std::string_view name);
CharClass char_class_named(std::string_view name);

// One CodeLatents per byte of `text`, which is treated as one document.
std::vector<CodeLatents> lex_python(std::string_view text);

}  // namespace assay::sparse_weights
