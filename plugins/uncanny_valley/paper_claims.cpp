#include "paper_claims.hpp"

#include <map>
#include <mutex>

#include "bpe_material.hpp"
#include "text_corpus.hpp"

namespace assay::uncanny_valley {

namespace {

constexpr int kResamples = 1000;
constexpr double kSpacedFraction = 0.2;

std::vector<std::string> texts(const std::vector<stdlib::Document>& documents) {
  std::vector<std::string> out;
  for (const auto& d : documents) out.push_back(d.text);
  return out;
}

ClaimRuns compute_runs(std::uint64_t seed) {
  const auto fortunes = stdlib::read_text_corpus({.source = stdlib::TextSource::fortunes_min});
  const auto words = stdlib::read_text_corpus({.source = stdlib::TextSource::words});
  const auto train = texts(fortunes.train), test = texts(fortunes.test);
  const auto tokenizer = std::make_shared<const stdlib::BpeTokenizer>(
      stdlib::BpeTokenizer::train(train, {.vocab_size = 512}));
  const auto data = detection_data(tokenizer, train, test, texts(words.train), texts(words.test));
  ClaimRuns runs;
  for (double f : {0.0, kSpacedFraction}) {
    DetectionOptions options;
    options.f = f;
    std::mt19937_64 rng(seed);  // the same initialisation and data order for both models
    (f == 0 ? runs.control : runs.spaced) = run_detection(data, options, rng).rates;
  }
  const ExpectedTokenCounts counts(test, bpe_encoder(tokenizer));
  runs.entropy = entropy_curve(counts, DetectionOptions{}.rates,
                               {Perturbation::random, Perturbation::regular}, 2.5);
  return runs;
}

std::string interval_text(const Interval& i) {
  return number_text(i.value) + " [" + number_text(i.lower) + ", " + number_text(i.upper) + "]";
}

CheckResult valley_claim(const CheckContext& ctx) {
  const auto& runs = claim_runs(ctx.seed);
  std::mt19937_64 rng(ctx.seed + 1);
  const auto spaced = valley(runs.spaced, Perturbation::random, kResamples, rng);
  const auto control = valley(runs.control, Perturbation::random, kResamples, rng);
  CheckResult r;
  r.measured = spaced.depth.lower;
  r.expected = 0;
  r.relation = "depth CI lower > e (f = 0.2) and depth CI lower <= e (f = 0)";
  r.passed = spaced.depth.lower > 0 && control.depth.lower <= 0;
  r.detail = "f = 0.2: p* " + number_text(spaced.p_star) + ", depth " +
             interval_text(spaced.depth) + ", recovery " + interval_text(spaced.recovery) +
             "; f = 0: p* " + number_text(control.p_star) + ", depth " +
             interval_text(control.depth) + ", recovery " + interval_text(control.recovery);
  return r;
}

CheckResult regular_claim(const CheckContext& ctx) {
  std::mt19937_64 rng(ctx.seed + 2);
  const auto d = depth_difference(claim_runs(ctx.seed).spaced, kResamples, rng);
  return expect_at_least(
      d.lower, 0, "depth(random) - depth(regular) at f = 0.2, CI lower bound: " + interval_text(d));
}

CheckResult entropy_claim(const CheckContext& ctx) {
  const auto& runs = claim_runs(ctx.seed);
  const double peak = peak_rate(runs.entropy, Perturbation::random, &EntropyPoint::renyi);
  const double shannon_peak = peak_rate(runs.entropy, Perturbation::random, &EntropyPoint::shannon);
  std::mt19937_64 rng(ctx.seed + 3);
  // A peak at an end of the rates is no peak: every interior minimum would lie above p = 0.
  const bool interior = peak > 0 && peak < 1;
  const double share =
      interior ? share_of_minima_above(runs.spaced, Perturbation::random, peak, kResamples, rng)
               : 0.0;
  return expect_at_least(share, 0.95,
                         "share of bootstrap F1 minima (f = 0.2, random) at p above the Renyi-2.5 "
                         "peak p = " +
                             number_text(peak) + " (Shannon peak p = " + number_text(shannon_peak) +
                             ")" + (interior ? "" : "; the peak is at an end: no interior peak"));
}

}  // namespace

const ClaimRuns& claim_runs(std::uint64_t seed) {
  static std::mutex mutex;
  static std::map<std::uint64_t, ClaimRuns> cache;
  const std::lock_guard lock(mutex);
  auto it = cache.find(seed);
  if (it == cache.end()) it = cache.emplace(seed, compute_runs(seed)).first;
  return it->second;
}

std::vector<Claim> detection_lm_claims() {
  return {
      {"u_shaped_valley",
       "With letter-spaced words in pretraining (f = 0.2) detection F1 has an interior rate p* "
       "below both ends (valley depth's bootstrap CI above 0), while the f = 0 control shows "
       "no such valley",
       valley_claim,
       does_not_reproduce("at check scale F1 falls monotonically with p for f = 0.2 as for "
                          "f = 0: the interior minimum (p = 0.9) lies above F1(1), so the depth "
                          "is negative for both",
                          "README.md#finding-no-valley")},
      {"regularised_valley_shallower",
       "The regular perturbation (evenly spaced cuts, the same expected count) gives a "
       "shallower valley than random cuts (paired bootstrap of the depth difference)",
       regular_claim,
       does_not_reproduce("with no valley there is none to flatten: the depth difference's "
                          "interval contains 0",
                          "README.md#finding-no-valley")},
      {"entropy_peaks_before_f1_minimum",
       "The Renyi-2.5 tokenisation entropy peaks at a smaller rate than the F1 minimum (share "
       "of bootstrap minima above the peak >= 0.95)",
       entropy_claim,
       does_not_reproduce("at vocabulary 512 both entropies fall monotonically with p (peak at "
                          "p = 0); an interior Renyi-2.5 peak appears only at vocabulary 4096",
                          "README.md#finding-entropy")},
  };
}

}  // namespace assay::uncanny_valley
