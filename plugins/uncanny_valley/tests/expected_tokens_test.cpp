#include "expected_tokens.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>

#include "bpe_material.hpp"
#include "corpus_fixture.hpp"

namespace uv = assay::uncanny_valley;

namespace {

constexpr uv::Perturbation kKinds[] = {uv::Perturbation::random, uv::Perturbation::regular};

// A tokenizer whose tokens are the bytes (so each run of spaces starts a new token).
std::vector<std::int64_t> byte_tokens(std::string_view text) { return {text.begin(), text.end()}; }

std::vector<double> histogram(const std::vector<std::int64_t>& ids, std::size_t size) {
  std::vector<double> h(size);
  for (auto id : ids) h[static_cast<std::size_t>(id)] += 1;
  return h;
}

std::vector<std::string> first_documents(std::size_t n) {
  const auto& test = uv::testing::corpora().test;
  return {test.begin(), test.begin() + static_cast<std::ptrdiff_t>(std::min(n, test.size()))};
}

}  // namespace

TEST_CASE("regular cut patterns cover the phases and cut p per gap", "[uncanny_valley]") {
  for (std::size_t m : {1, 4, 9, 17})
    for (double p : {0.0, 0.07, 1.0 / 3, 0.5, 0.9, 1.0}) {
      double total = 0, cuts = 0;
      for (const auto& pattern : uv::regular_patterns(m, p)) {
        total += pattern.probability;
        cuts += pattern.probability *
                static_cast<double>(std::count(pattern.cut.begin(), pattern.cut.end(), true));
      }
      CHECK(total == Approx(1));
      CHECK(cuts == Approx(static_cast<double>(m) * p).margin(1e-12));
    }
}

TEST_CASE("expected counts of a byte tokenizer are the spaces added", "[uncanny_valley]") {
  // Fragmentation adds p spaces per gap and leaves every other byte: exact expectations.
  const std::vector<std::string> documents{"hello world", "a  b\ncd ", "fragmentation"};
  const uv::ExpectedTokenCounts counts(documents, byte_tokens);
  CHECK(counts.gaps() == 4 + 4 + 1 + 12);
  const auto clean = counts.counts(0, uv::Perturbation::random);
  for (double p : {0.0, 0.2, 0.5, 1.0})
    for (auto kind : kKinds) {
      const auto c = counts.counts(p, kind);
      for (std::size_t id = 0; id < c.size(); ++id)
        CHECK(c[id] == Approx(clean[id] + (id == ' ' ? p * counts.gaps() : 0)).margin(1e-9));
      CHECK(counts.expected_insertions(p, kind) == Approx(p * counts.gaps()).margin(1e-9));
    }
}

TEST_CASE("stdlib's BPE starts a new token at every run of spaces", "[uncanny_valley]") {
  // The property the exact counts rest on, checked at p = 0 and 1, where fragmentation is
  // deterministic: the counts equal the histogram of the real encodings.
  const auto& c = uv::testing::corpora();
  const auto documents = first_documents(200);
  const auto encode = uv::bpe_encoder(c.tokenizer);
  const uv::ExpectedTokenCounts counts(documents, encode);
  std::vector<std::int64_t> whole, spaced;
  for (const auto& d : documents) {
    const auto a = encode(d), b = encode(uv::letter_spaced(d));
    whole.insert(whole.end(), a.begin(), a.end());
    spaced.insert(spaced.end(), b.begin(), b.end());
  }
  const auto size = static_cast<std::size_t>(c.tokenizer->vocab_size());
  auto at = [&](double p, uv::Perturbation kind) {
    auto v = counts.counts(p, kind);
    v.resize(size);
    return v;
  };
  CHECK(at(0, uv::Perturbation::random) == histogram(whole, size));
  for (auto kind : kKinds) CHECK(at(1, kind) == histogram(spaced, size));
}

TEST_CASE("exact expected token counts match sampled fragmentations", "[uncanny_valley]") {
  const auto& c = uv::testing::corpora();
  const auto documents = first_documents(60);
  const auto encode = uv::bpe_encoder(c.tokenizer);
  const uv::ExpectedTokenCounts counts(documents, encode);
  std::mt19937_64 rng(11);
  constexpr int draws = 300;
  for (auto kind : kKinds) {
    const auto expected = counts.counts(0.3, kind);
    // The total and the most frequent token's count, per sampled corpus.
    const auto top = static_cast<std::size_t>(std::max_element(expected.begin(), expected.end()) -
                                              expected.begin());
    std::vector<double> totals, tops;
    for (int d = 0; d < draws; ++d) {
      double total = 0, at_top = 0;
      for (const auto& doc : documents)
        for (auto id : encode(uv::fragment(doc, 0.3, kind, rng).text)) {
          total += 1;
          at_top += static_cast<std::size_t>(id) == top;
        }
      totals.push_back(total);
      tops.push_back(at_top);
    }
    for (const auto& [sample, exact] :
         {std::pair{totals, std::accumulate(expected.begin(), expected.end(), 0.0)},
          std::pair{tops, expected[top]}}) {
      const double mean = std::accumulate(sample.begin(), sample.end(), 0.0) / draws;
      double ss = 0;
      for (double x : sample) ss += (x - mean) * (x - mean);
      const double se = std::sqrt(ss / (draws - 1) / draws);
      CHECK(std::abs(mean - exact) <= 4 * se);
    }
  }
}
