// Writing Values and keys as TOML text that toml_to_value reads back to the same Value.
#pragma once

#include <string>
#include <string_view>

#include "assay/value.hpp"

namespace assay {

// A TOML literal: numbers and arrays as assay::to_text (exact reals), strings fully escaped.
std::string toml_text(const Value& value);

// A bare key when the TOML grammar allows it, else a quoted one.
std::string toml_key(std::string_view key);

}  // namespace assay
