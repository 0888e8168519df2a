#include "condition_language.hpp"

#include <bit>

namespace assay::sparse_weights {

namespace {

enum Latent { kString, kComment, kDepth, kIndent, kLeading, kHeader, kColumn, kWord, kNow, kNext };

void add_quotes(std::vector<Atom>& a) {
  a.push_back(
      {"in a string", kString, [](const CodeLatents& l) { return l.quote != Quote::none; }});
  a.push_back(
      {"not in a string", kString, [](const CodeLatents& l) { return l.quote == Quote::none; }});
  const std::pair<Quote, const char*> quotes[] = {
      {Quote::single, "in a '...' string"},
      {Quote::double_, "in a \"...\" string"},
      {Quote::triple_single, "in a '''...''' string"},
      {Quote::triple_double, "in a \"\"\"...\"\"\" string"}};
  for (const auto& [q, name] : quotes)
    a.push_back({name, kString, [q = q](const CodeLatents& l) { return l.quote == q; }});
}

// "latent == v" for v below `top`, "latent >= top", and "latent >= v" for 1 <= v < top.
void add_levels(std::vector<Atom>& a, const std::string& name, int latent, int top,
                int CodeLatents::*member) {
  for (int v = 0; v < top; ++v)
    a.push_back({name + " = " + std::to_string(v), latent,
                 [v, member](const CodeLatents& l) { return l.*member == v; }});
  for (int v = 1; v <= top; ++v)
    a.push_back({name + " >= " + std::to_string(v), latent,
                 [v, member](const CodeLatents& l) { return l.*member >= v; }});
}

void add_columns(std::vector<Atom>& a) {
  const int edges[] = {0, 1, 4, 8, 16, 32, 1 << 30};
  for (int b = 0; b + 1 < 7; ++b) {
    const int lo = edges[b], hi = edges[b + 1];
    const std::string name = hi == lo + 1 ? "column " + std::to_string(lo)
                             : hi == 1 << 30
                                 ? "column >= " + std::to_string(lo)
                                 : "column " + std::to_string(lo) + "-" + std::to_string(hi - 1);
    a.push_back({name, kColumn,
                 [lo, hi](const CodeLatents& l) { return l.column >= lo && l.column < hi; }});
  }
  for (int lo : {4, 8, 16})
    a.push_back({"column >= " + std::to_string(lo), kColumn,
                 [lo](const CodeLatents& l) { return l.column >= lo; }});
}

void add_classes(std::vector<Atom>& a) {
  for (int k = 0; k < kCharClasses; ++k) {
    const auto c = static_cast<CharClass>(k);
    a.push_back({std::string("current is ") + name_of(c), kNow,
                 [c](const CodeLatents& l) { return l.current == c; }});
    a.push_back({std::string("next is ") + name_of(c), kNext,
                 [c](const CodeLatents& l) { return l.next == c; }});
  }
}

std::vector<Atom> make_atoms() {
  std::vector<Atom> a;
  add_quotes(a);
  a.push_back({"in a comment", kComment, [](const CodeLatents& l) { return l.comment; }});
  add_levels(a, "bracket depth", kDepth, 3, &CodeLatents::depth);
  add_levels(a, "indent level", kIndent, 3, &CodeLatents::indent);
  a.push_back({"in leading whitespace", kLeading, [](const CodeLatents& l) { return l.leading; }});
  a.push_back({"in a def/class header", kHeader, [](const CodeLatents& l) { return l.header; }});
  add_columns(a);
  a.push_back({"in an identifier", kWord, [](const CodeLatents& l) { return l.identifier; }});
  a.push_back(
      {"in an identifier seen before", kWord, [](const CodeLatents& l) { return l.reuse; }});
  a.push_back({"in a new identifier", kWord,
               [](const CodeLatents& l) { return l.identifier && !l.reuse; }});
  add_classes(a);
  return a;
}

}  // namespace

const std::vector<Atom>& atoms() {
  static const std::vector<Atom> list = make_atoms();
  return list;
}

std::size_t TokenSet::count() const {
  std::size_t n = 0;
  for (auto w : bits_) n += std::popcount(w);
  return n;
}

std::size_t TokenSet::count_and(const TokenSet& other) const {
  std::size_t n = 0;
  for (std::size_t i = 0; i < bits_.size(); ++i) n += std::popcount(bits_[i] & other.bits_[i]);
  return n;
}

TokenSet TokenSet::operator&(const TokenSet& other) const {
  TokenSet out = *this;
  for (std::size_t i = 0; i < bits_.size(); ++i) out.bits_[i] &= other.bits_[i];
  return out;
}

TokenSet TokenSet::all(std::size_t size) {
  TokenSet s(size);
  for (std::size_t i = 0; i < size; ++i) s.insert(i);
  return s;
}

std::string Conjunction::text() const {
  if (atoms.empty()) return "always";
  std::string s = sparse_weights::atoms()[atoms[0]].name;
  for (std::size_t i = 1; i < atoms.size(); ++i)
    s += " and " + sparse_weights::atoms()[atoms[i]].name;
  return s;
}

std::vector<TokenSet> atom_sets(const std::vector<CodeLatents>& tokens) {
  std::vector<TokenSet> sets;
  for (const auto& atom : atoms()) {
    TokenSet s(tokens.size());
    for (std::size_t i = 0; i < tokens.size(); ++i)
      if (atom.holds(tokens[i])) s.insert(i);
    sets.push_back(std::move(s));
  }
  return sets;
}

Candidates candidates(const std::vector<TokenSet>& sets) {
  Candidates c;
  const std::size_t n = sets.empty() ? 0 : sets[0].size();
  c.conjunctions.push_back({});
  c.sets.push_back(TokenSet::all(n));
  const auto& list = atoms();
  for (int i = 0; i < static_cast<int>(sets.size()); ++i) {
    c.conjunctions.push_back({{i}});
    c.sets.push_back(sets[i]);
  }
  for (int i = 0; i < static_cast<int>(sets.size()); ++i)
    for (int j = i + 1; j < static_cast<int>(sets.size()); ++j) {
      if (list[i].latent == list[j].latent) continue;
      auto both = sets[i] & sets[j];
      if (both.count() == 0) continue;  // never true: cannot explain anything
      c.conjunctions.push_back({{i, j}});
      c.sets.push_back(std::move(both));
    }
  return c;
}

TokenSet holds_on(const Conjunction& c, const std::vector<TokenSet>& sets, std::size_t size) {
  TokenSet s = TokenSet::all(size);
  for (int a : c.atoms) s = s & sets[a];
  return s;
}

}  // namespace assay::sparse_weights
