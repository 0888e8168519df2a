// The fixed language explanations are written in: atomic conditions on the code latents of a
// token ("inside a double-quoted string", "bracket depth >= 2", "the next character is a
// newline", ...) and conjunctions of at most two of them from different latents. The same
// language serves every model; it names properties of the text only, never of the network.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "code_latents.hpp"

namespace assay::sparse_weights {

struct Atom {
  std::string name;
  int latent = 0;  // atoms of the same latent are never conjoined
  std::function<bool(const CodeLatents&)> holds;
};

// The language's atoms, in a fixed order.
const std::vector<Atom>& atoms();

// A set of tokens as bits, so that conjunctions and overlaps are word operations.
class TokenSet {
 public:
  TokenSet() = default;
  explicit TokenSet(std::size_t size) : bits_((size + 63) / 64, 0), size_(size) {}
  void insert(std::size_t i) { bits_[i / 64] |= std::uint64_t{1} << (i % 64); }
  bool contains(std::size_t i) const { return (bits_[i / 64] >> (i % 64)) & 1; }
  std::size_t size() const { return size_; }
  std::size_t count() const;
  std::size_t count_and(const TokenSet& other) const;
  TokenSet operator&(const TokenSet& other) const;
  static TokenSet all(std::size_t size);

 private:
  std::vector<std::uint64_t> bits_;
  std::size_t size_ = 0;
};

// An explanation: up to two atoms (indices into atoms()); none means "always".
struct Conjunction {
  std::vector<int> atoms;
  std::string text() const;
  bool operator==(const Conjunction&) const = default;
};

// For each atom, the tokens where it holds.
std::vector<TokenSet> atom_sets(const std::vector<CodeLatents>& tokens);

// Every conjunction of the language: "always", each atom, each pair of atoms of different
// latents; with the token set of each over the given atom sets.
struct Candidates {
  std::vector<Conjunction> conjunctions;
  std::vector<TokenSet> sets;
};
Candidates candidates(const std::vector<TokenSet>& atom_sets);

// The tokens where a conjunction holds, over another split's atom sets.
TokenSet holds_on(const Conjunction& c, const std::vector<TokenSet>& atom_sets, std::size_t size);

}  // namespace assay::sparse_weights
