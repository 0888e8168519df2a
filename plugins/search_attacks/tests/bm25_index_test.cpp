#include "bm25_index.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace sa = assay::search_attacks;

TEST_CASE("BM25 scores match the closed form and added documents join the statistics",
          "[search_attacks]") {
  const std::vector<std::vector<int>> docs = {{0, 1, 1}, {1, 2}, {2, 3, 3, 3}};
  const sa::Bm25Index index(docs, 4);
  const auto hits = index.top_k({1}, 3);
  REQUIRE(hits.size() == 2);
  // Term 1: df 2 of N 3, mean length 3; doc 0 tf 2 length 3, doc 1 tf 1 length 2.
  const double idf = std::log(1 + (3 - 2 + 0.5) / (2 + 0.5));
  const auto bm = [&](double tf, double len, double avg) {
    return idf * tf * 2.5 / (tf + 1.5 * (0.25 + 0.75 * len / avg));
  };
  REQUIRE(hits[0].document == 0);
  REQUIRE(hits[0].score == Approx(bm(2, 3, 3)));
  REQUIRE(hits[1].score == Approx(bm(1, 2, 3)));
  // The same corpus with the fourth document added equals an index built over all four.
  const std::vector<int> extra = {1, 1, 1, 0};
  const auto with = index.top_k({1, 0}, 4, {&extra});
  auto all = docs;
  all.push_back(extra);
  const auto rebuilt = sa::Bm25Index(all, 4).top_k({1, 0}, 4);
  REQUIRE(with.size() == rebuilt.size());
  for (std::size_t i = 0; i < with.size(); ++i) {
    REQUIRE(with[i].document == rebuilt[i].document);
    REQUIRE(with[i].score == Approx(rebuilt[i].score));
  }
}
