#include "claims.hpp"

#include <algorithm>
#include <assay/context.hpp>  // derive_seed: each claim draws from its own stream of the seed
#include <cmath>
#include <random>

#include "char_tokenizer.hpp"
#include "classification.hpp"
#include "labelled_data.hpp"
#include "linear_probe.hpp"
#include "lm_training.hpp"
#include "text_corpus.hpp"
#include "tokenized_corpus.hpp"

namespace assay::stdlib {

namespace {

// Binomial standard error of an accuracy p over n examples.
double accuracy_se(double p, int n) { return std::sqrt(p * (1 - p) / n); }

CheckResult chance_on_noise(const CheckContext& ctx) {
  std::mt19937_64 rng(assay::derive_seed(ctx.seed, 1));
  auto noise = gaussian_clusters(600, 5, 3, 1.0, rng);
  auto labels = gaussian_clusters(600, 1, 3, 1.0, rng).y;
  std::shuffle(labels.begin(), labels.end(), rng);
  const auto s = cross_validated_probe(noise.x, labels, {});
  return expect_near(s.logistic_accuracy, 1.0 / 3, 4 * accuracy_se(1.0 / 3, 600),
                     "logistic accuracy vs 1/3");
}

CheckResult separates_clusters(const CheckContext& ctx) {
  std::mt19937_64 rng(assay::derive_seed(ctx.seed, 2));
  const auto d = gaussian_clusters(400, 5, 4, 0.05, rng);
  const auto s = cross_validated_probe(d.x, d.y, {});
  return expect_at_least(std::min(s.ridge_accuracy, s.logistic_accuracy), 1.0,
                         "min(ridge, logistic) accuracy");
}

CheckResult interval_covers_chance(const CheckContext& ctx) {
  std::mt19937_64 rng(assay::derive_seed(ctx.seed, 3));
  auto noise = gaussian_clusters(400, 4, 2, 1.0, rng);
  auto labels = noise.y;
  std::shuffle(labels.begin(), labels.end(), rng);
  const auto s = classify(noise.x, labels, 5, 1e-2, two_sided_normal_quantile(0.99));
  const double miss = std::max({0.0, s.ci_low - 0.5, 0.5 - s.ci_high});
  return expect_at_most(miss, 0.0, "distance from 1/2 to the interval");
}

std::vector<std::string> texts(const std::vector<Document>& documents) {
  std::vector<std::string> out;
  for (const auto& d : documents) out.push_back(d.text);
  return out;
}

// Cross-entropy (nats per token) of `held_out` under the add-one smoothed unigram
// distribution of `train`: the best a model that ignores context can do, estimated fairly.
double unigram_cross_entropy(const std::vector<std::int64_t>& train,
                             const std::vector<std::int64_t>& held_out, std::int64_t vocab) {
  std::vector<double> counts(static_cast<std::size_t>(vocab), 1.0);
  for (auto t : train) counts[static_cast<std::size_t>(t)] += 1;
  const double total = static_cast<double>(train.size() + static_cast<std::size_t>(vocab));
  double nats = 0;
  for (auto t : held_out) nats -= std::log(counts[static_cast<std::size_t>(t)] / total);
  return nats / static_cast<double>(held_out.size());
}

CheckResult beats_unigram(const CheckContext& ctx) {
  const auto corpus = read_text_corpus({});  // fortunes-min
  const auto tokenizer = CharTokenizer::train(texts(corpus.train));
  const auto train = encode_documents(tokenizer, texts(corpus.train)).ids;
  const auto validation = encode_documents(tokenizer, texts(corpus.validation)).ids;
  LmTrainOptions o;
  o.model = {.vocab = tokenizer.vocab_size(), .context = 32, .dim = 32, .heads = 2, .layers = 1};
  o.steps = 150;
  o.batch = 8;
  o.warmup = 10;
  o.eval_every = 0;
  o.eval_batches = 8;
  const auto r = train_lm(o, train, validation, std::nullopt, derive_seed(ctx.seed, 4));
  const double unigram = unigram_cross_entropy(train, validation, tokenizer.vocab_size());
  return expect_at_most(r.losses.eval_loss.back(), unigram,
                        "validation nats/char vs the train unigram's cross-entropy");
}

}  // namespace

std::vector<Claim> lm_train_claims() {
  return {{"beats_unigram",
           "A one-block character GPT (d32, context 32) trained by lm_train for 150 steps of 8 "
           "windows on fortunes-min reaches a validation loss below the cross-entropy of the "
           "validation characters under the (add-one) unigram distribution of the train split.",
           beats_unigram}};
}

std::vector<Claim> linear_probe_claims() {
  return {{"chance_on_noise",
           "Features independent of the labels give held-out accuracy 1/classes (3 classes, 600 "
           "examples, within 4 binomial standard errors).",
           chance_on_noise},
          {"separates_clusters",
           "Well separated Gaussian clusters (noise 0.05, dim 5, 4 classes) are decoded perfectly "
           "by both probes.",
           separates_clusters}};
}

std::vector<Claim> classify_claims() {
  return {{"interval_covers_chance",
           "On features independent of the labels (2 classes, 400 examples) the 99% interval "
           "contains the chance accuracy 1/2.",
           interval_covers_chance}};
}

}  // namespace assay::stdlib
