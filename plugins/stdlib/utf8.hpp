// UTF-8 validation and code-point decoding (HDF5 strings must be valid UTF-8).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace assay::stdlib {

// Offset of the first byte that does not start or continue a well-formed UTF-8 sequence
// (overlong forms, surrogates and values above U+10FFFF included), or npos.
std::size_t first_invalid_utf8(std::string_view text);

// Code points of valid UTF-8 text (check it with first_invalid_utf8 first).
std::vector<char32_t> code_points(std::string_view text);

// Appends the UTF-8 encoding of a code point.
void append_utf8(std::string& out, char32_t c);

}  // namespace assay::stdlib
