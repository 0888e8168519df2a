#include "condition_language.hpp"

#include <catch2/catch.hpp>
#include <set>

namespace sw = assay::sparse_weights;

TEST_CASE("atoms are named once and conjunctions join different latents", "[sparse_weights]") {
  std::set<std::string> names;
  for (const auto& a : sw::atoms()) REQUIRE(names.insert(a.name).second);
  std::vector<sw::CodeLatents> tokens(5);
  tokens[1].quote = sw::Quote::double_;
  tokens[2].quote = sw::Quote::double_;
  tokens[2].depth = 2;
  tokens[3].depth = 2;
  const auto sets = sw::atom_sets(tokens);
  const auto c = sw::candidates(sets);
  REQUIRE(c.conjunctions[0].text() == "always");
  REQUIRE(c.sets[0].count() == 5);
  bool found = false;
  for (std::size_t i = 0; i < c.conjunctions.size(); ++i) {
    const auto& conj = c.conjunctions[i];
    if (conj.atoms.size() == 2)
      REQUIRE(sw::atoms()[conj.atoms[0]].latent != sw::atoms()[conj.atoms[1]].latent);
    if (conj.text() == "in a \"...\" string and bracket depth >= 2") {
      found = true;
      REQUIRE(c.sets[i].count() == 1);
      REQUIRE(c.sets[i].contains(2));
      REQUIRE(sw::holds_on(conj, sets, 5).count() == 1);
    }
  }
  REQUIRE(found);
}
