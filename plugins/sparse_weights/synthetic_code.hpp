// A synthetic Python-like grammar whose generator knows the latents it writes, so that the
// lexer (and anything built on the latents) can be tested against ground truth:
//
//   file     := function+
//   function := "def " name "(" names "):\n" statement+ "\n"
//   statement:= "    " name " = " expr "\n"  |  "    return " expr "\n"
//   expr     := name | digits | string | name "(" expr ", " expr ")" | "[" expr ", " expr "]"
//   string   := '"' chars '"' | "'" chars "'"   (chars may hold brackets and the other quote)
#pragma once

#include <assay/nn/matrix.hpp>
#include <string>
#include <vector>

#include "code_latents.hpp"

namespace assay::sparse_weights {

struct SyntheticCode {
  std::string text;
  std::vector<Quote> quote;  // per character, as CodeLatents::quote
  std::vector<int> depth, indent;
  std::vector<char> header;
};

SyntheticCode synthetic_code(int functions, nn::Rng& rng);

}  // namespace assay::sparse_weights
