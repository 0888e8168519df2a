#include "code_latents.hpp"

#include <set>
#include <stdexcept>
#include <string>

namespace assay::sparse_weights {

CharClass char_class(char c) {
  const auto u = static_cast<unsigned char>(c);
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') return CharClass::letter;
  if (c >= '0' && c <= '9') return CharClass::digit;
  switch (c) {
    case ' ':
      return CharClass::space;
    case '\n':
      return CharClass::newline;
    case '\'':
    case '"':
      return CharClass::quote;
    case '(':
    case '[':
    case '{':
      return CharClass::open;
    case ')':
    case ']':
    case '}':
      return CharClass::close;
    case ':':
      return CharClass::colon;
    case '.':
      return CharClass::dot;
    case ',':
      return CharClass::comma;
    default:
      return (u > 32 && u < 127) ? CharClass::operator_ : CharClass::other;
  }
}

namespace {

constexpr const char* kQuoteNames[] = {"none", "single", "double", "triple_single",
                                       "triple_double"};
constexpr const char* kClassNames[kCharClasses] = {"letter", "digit", "space",    "newline",
                                                   "quote",  "open",  "close",    "colon",
                                                   "dot",    "comma", "operator", "other"};

template <class E, std::size_t N>
E named(const char* const (&names)[N], std::string_view name, const char* what) {
  for (std::size_t i = 0; i < N; ++i)
    if (name == names[i]) return static_cast<E>(i);
  throw std::invalid_argument(std::string(what) + ": unknown name '" + std::string(name) + "'");
}

}  // namespace

const char* name_of(Quote q) { return kQuoteNames[static_cast<int>(q)]; }
const char* name_of(CharClass c) { return kClassNames[static_cast<int>(c)]; }
Quote quote_named(std::string_view name) { return named<Quote>(kQuoteNames, name, "quote"); }
CharClass char_class_named(std::string_view name) {
  return named<CharClass>(kClassNames, name, "character class");
}

namespace {

bool identifier_char(char c) {
  const auto k = char_class(c);
  return k == CharClass::letter || k == CharClass::digit;
}

// The lexer's running state; step() consumes one character and returns the latents after it.
class PythonLexer {
 public:
  explicit PythonLexer(std::string_view text) : text_(text) {}

  CodeLatents step(std::size_t i) {
    const char c = text_[i];
    CodeLatents out;
    out.column = column_;
    out.current = char_class(c);
    out.next = i + 1 < text_.size() ? char_class(text_[i + 1]) : CharClass::other;
    if (in_leading_ && (c == ' ' || c == '\t')) {
      leading_spaces_ += c == '\t' ? 4 : 1;
      out.leading = true;
    } else {
      in_leading_ = false;
    }
    if (quote_ != Quote::none)
      string_char(i);
    else if (comment_)
      comment_ = c != '\n';
    else
      code_char(i);
    if (c == '\n')
      new_line();
    else
      ++column_;
    out.quote = quote_ != Quote::none || closing_ > 0 ? shown_quote_ : Quote::none;
    if (closing_ > 0 && --closing_ == 0) quote_ = Quote::none;
    out.comment = comment_;
    out.depth = depth_;
    out.indent = leading_spaces_ / 4;
    out.header = header_;
    out.identifier = !word_.empty();
    out.reuse = out.identifier && seen_before(word_);
    return out;
  }

 private:
  bool triple_at(std::size_t i, char q) const {
    return i + 2 < text_.size() && text_[i + 1] == q && text_[i + 2] == q;
  }

  // Inside a string: escapes, the closing quote (three for a triple-quoted one), and the
  // newline that ends an unterminated one-line string.
  void string_char(std::size_t i) {
    const char c = text_[i];
    if (opening_ > 0) {
      --opening_;
      return;
    }
    if (closing_ > 0) return;
    if (escaped_) {
      escaped_ = false;
      return;
    }
    const bool triple = quote_ == Quote::triple_single || quote_ == Quote::triple_double;
    const char q = (quote_ == Quote::single || quote_ == Quote::triple_single) ? '\'' : '"';
    if (c == '\\') {
      escaped_ = true;
    } else if (c == q && (!triple || triple_at(i, q))) {
      closing_ = triple ? 3 : 1;
    } else if (c == '\n' && !triple) {
      quote_ = Quote::none;
    }
  }

  void code_char(std::size_t i) {
    const char c = text_[i];
    if (identifier_char(c) && (!word_.empty() || char_class(c) == CharClass::letter)) {
      word_ += c;
      return;
    }
    end_word();
    if (c == '#') {
      comment_ = true;
    } else if (c == '\'' || c == '"') {
      open_string(i, c);
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth_;
    } else if ((c == ')' || c == ']' || c == '}') && depth_ > 0) {
      --depth_;
    } else if (c == ':' && depth_ == 0) {
      header_ = false;
    }
  }

  void open_string(std::size_t i, char q) {
    const bool triple = triple_at(i, q);
    quote_ = q == '\'' ? (triple ? Quote::triple_single : Quote::single)
             : triple  ? Quote::triple_double
                       : Quote::double_;
    shown_quote_ = quote_;
    opening_ = triple ? 2 : 0;
  }

  // An identifier just ended: remember it, and start a header after a line's def or class.
  void end_word() {
    if (word_.empty()) return;
    if (first_word_ && (word_ == "def" || word_ == "class")) header_ = true;
    first_word_ = false;
    seen_.insert(word_);
    word_.clear();
  }

  void new_line() {
    end_word();
    column_ = 0;
    leading_spaces_ = 0;
    in_leading_ = true;
    first_word_ = true;
    if (depth_ == 0) header_ = false;
  }

  bool seen_before(const std::string& prefix) const {
    const auto it = seen_.lower_bound(prefix);
    return it != seen_.end() && it->compare(0, prefix.size(), prefix) == 0;
  }

  std::string_view text_;
  Quote quote_ = Quote::none, shown_quote_ = Quote::none;
  int opening_ = 0, closing_ = 0;  // quote characters of a triple opening / any closing left
  bool escaped_ = false, comment_ = false, header_ = false;
  int depth_ = 0, column_ = 0, leading_spaces_ = 0;
  bool in_leading_ = true, first_word_ = true;
  std::string word_;
  std::set<std::string> seen_;
};

}  // namespace

std::vector<CodeLatents> lex_python(std::string_view text) {
  PythonLexer lexer(text);
  std::vector<CodeLatents> out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) out.push_back(lexer.step(i));
  return out;
}

}  // namespace assay::sparse_weights
