#include "code_latents.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "synthetic_code.hpp"

namespace sw = assay::sparse_weights;

namespace {
std::size_t at(const std::string& text, const std::string& needle, std::size_t from = 0) {
  const auto i = text.find(needle, from);
  REQUIRE(i != std::string::npos);
  return i;
}
}  // namespace

TEST_CASE("the lexer tracks strings, brackets, headers and comments", "[sparse_weights]") {
  const std::string text =
      "def f(a, b):\n"
      "    s = \"x(y'\"  # c(\n"
      "    return [a, (b)]\n"
      "t = '''q\n"
      "\"\"\" r'''\n";
  const auto l = sw::lex_python(text);
  REQUIRE(l.size() == text.size());
  const auto open_paren = at(text, "(");
  CHECK(l[open_paren].depth == 1);
  CHECK(l[open_paren].header);
  CHECK(!l[1].header);  // still reading the keyword
  CHECK(!l[at(text, ":")].header);
  const auto inner = at(text, "x(y");
  CHECK(l[inner - 1].quote == sw::Quote::double_);  // the opening quote is inside
  CHECK(l[inner + 1].quote == sw::Quote::double_);
  CHECK(l[inner + 1].depth == 0);                   // a bracket inside a string does not count
  CHECK(l[inner + 3].quote == sw::Quote::double_);  // the other quote does not close it
  CHECK(l[inner + 4].quote == sw::Quote::double_);  // the closing quote is inside
  CHECK(l[inner + 5].quote == sw::Quote::none);
  const auto comment = at(text, "# c(");
  CHECK(l[comment].comment);
  CHECK(l[comment + 3].comment);
  CHECK(l[comment + 3].depth == 0);
  CHECK(!l[comment + 4].comment);  // the newline ends it
  const auto ret = at(text, "return");
  CHECK(l[ret].indent == 1);
  CHECK(l[ret].column == 4);
  CHECK(l[ret - 1].leading);
  CHECK(!l[ret].leading);
  CHECK(l[ret].identifier);
  CHECK(!l[ret].reuse);  // nothing seen before starts with "r"
  const auto list = at(text, "[a");
  CHECK(l[list].depth == 1);
  CHECK(l[list + 1].reuse);  // "a" was a parameter
  CHECK(l[at(text, "(b)")].depth == 2);
  CHECK(l[at(text, "(b)") + 2].depth == 1);
  const auto triple = at(text, "'''q");
  CHECK(l[triple].quote == sw::Quote::triple_single);
  CHECK(l[triple + 3].quote == sw::Quote::triple_single);
  const auto inside = at(text, "\"\"\" r");
  CHECK(l[inside].quote == sw::Quote::triple_single);  // another quote's triple does not close
  const auto close = at(text, "'''\n", triple + 3);
  CHECK(l[close + 2].quote == sw::Quote::triple_single);
  CHECK(l[close + 3].quote == sw::Quote::none);
  CHECK(l[close + 2].next == sw::CharClass::newline);
  CHECK(l[close + 2].current == sw::CharClass::quote);
}

TEST_CASE("the lexer reads the synthetic grammar's latents exactly", "[sparse_weights]") {
  assay::nn::Rng rng(7);
  const auto code = sw::synthetic_code(200, rng);
  const auto l = sw::lex_python(code.text);
  REQUIRE(l.size() == code.text.size());
  std::size_t strings = 0, nested = 0, headers = 0;
  for (std::size_t i = 0; i < l.size(); ++i) {
    INFO("character " << i << " of: " << code.text.substr(i < 40 ? 0 : i - 40, 60));
    REQUIRE(l[i].quote == code.quote[i]);
    REQUIRE(l[i].depth == code.depth[i]);
    REQUIRE(l[i].indent == code.indent[i]);
    REQUIRE(l[i].header == (code.header[i] != 0));
    strings += code.quote[i] != sw::Quote::none;
    nested += code.depth[i] >= 2;
    headers += code.header[i] != 0;
  }
  // The grammar exercises every latent compared.
  CHECK(strings > 100);
  CHECK(nested > 100);
  CHECK(headers > 100);
}
