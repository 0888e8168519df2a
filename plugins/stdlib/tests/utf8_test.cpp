#include "utf8.hpp"

#include <catch2/catch.hpp>

namespace sl = assay::stdlib;

TEST_CASE("utf8 decoding and encoding round-trip one to four byte characters", "[stdlib]") {
  const std::u32string points = U"a\u00e9\u65e5\U0001F600\u007f\U0010FFFF";
  std::string text;
  for (char32_t c : points) sl::append_utf8(text, c);
  CHECK(text.size() == 1 + 2 + 3 + 4 + 1 + 4);
  CHECK(sl::first_invalid_utf8(text) == std::string::npos);
  const auto decoded = sl::code_points(text);
  CHECK(std::u32string(decoded.begin(), decoded.end()) == points);
}

TEST_CASE("utf8 validation finds malformed sequences", "[stdlib]") {
  CHECK(sl::first_invalid_utf8("ab\x80") == 2);              // stray continuation byte
  CHECK(sl::first_invalid_utf8("a\xC0\x80") == 1);           // overlong NUL
  CHECK(sl::first_invalid_utf8("\xED\xA0\x80") == 0);        // a UTF-16 surrogate
  CHECK(sl::first_invalid_utf8("xy\xF4\x90\x80\x80") == 2);  // above U+10FFFF
  CHECK(sl::first_invalid_utf8("\xE6\x97") == 0);            // truncated
  CHECK(sl::first_invalid_utf8("\xFF") == 0);
}
