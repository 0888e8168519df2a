// The models' alphabet: one token per printable ASCII character and one for the newline that
// ends every line, so text and arithmetic share a vocabulary of 96 and round-trip exactly.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace assay::bitmask_tuning {

constexpr int kVocab = 96;
constexpr int kNewline = 95;

// Tabs become spaces and any other character outside the alphabet becomes '?'.
std::vector<int> encode(std::string_view text);
std::string decode(const std::vector<int>& tokens);
// The text with every character outside the alphabet already replaced, as encode sees it.
std::string normalise(std::string_view text);

}  // namespace assay::bitmask_tuning
