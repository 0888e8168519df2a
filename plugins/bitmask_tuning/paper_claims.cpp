#include "paper_claims.hpp"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include "bit_mask.hpp"
#include "char_codec.hpp"
#include "pretraining.hpp"

namespace assay::bitmask_tuning {

namespace {

constexpr const char* kFortunes = "/usr/share/games/fortunes/fortunes";

// The first 90% of the documents feed the task A stream, the rest is held-out A text.
struct Corpus {
  std::vector<std::string> train;
  std::string held_out;
};

Corpus split_corpus(const std::vector<std::string>& docs) {
  Corpus c;
  const std::size_t cut = docs.size() * 9 / 10;
  c.train.assign(docs.begin(), docs.begin() + cut);
  for (std::size_t i = cut; i < docs.size(); ++i) c.held_out += normalise(docs[i]) + "\n";
  return c;
}

const std::map<std::string, Arm> kArms = {{"full", Arm::full},
                                          {"lora", Arm::lora},
                                          {"bit_mask", Arm::bit_mask},
                                          {"random_deletion", Arm::random_deletion},
                                          {"magnitude_deletion", Arm::magnitude_deletion}};

CiExperiment run_experiment(std::uint64_t seed) {
  CiExperiment e;
  const auto& s = e.scale;
  nn::Rng rng(seed);
  const auto corpus = split_corpus(fortune_documents(kFortunes));
  Evaluation eval;
  eval.a_problems = draw_problems(AdditionFormat::two_digit, s.eval_problems, rng);
  eval.b_problems = draw_problems(s.b_format, s.eval_problems, rng);
  eval.a_text = encode(corpus.held_out);
  const auto b_train = draw_problems(s.b_format, s.b_train_problems, rng, eval.b_problems);
  const auto stream = encode(
      task_a_stream(corpus.train, {.characters = s.stream_characters}, rng, eval.a_problems));
  const auto pretrained =
      pretrain(stream, eval.a_text, {.model = s.model, .steps = s.pretrain_steps}, rng).model;
  for (int k = 0; k < s.seeds; ++k) {
    std::map<std::string, AdaptResult> runs;
    for (const auto& [name, arm] : kArms) {
      nn::Rng adapt_rng(seed * 1000003 + k);
      runs[name] = adapt(
          pretrained, b_train, eval,
          {.arm = arm, .rho = s.rho, .lora_rank = s.lora_rank, .steps = s.adapt_steps}, adapt_rng);
      e.final_rows[name].push_back(runs[name].history.back());
    }
    e.pretrained = runs["full"].history.front();
    e.gate_weights = runs["full"].gate_weights;
    e.model_weights = runs["full"].model_weights;
    const auto& full = runs["full"];
    for (const char* name : {"bit_mask", "lora"})
      e.geometry[name].push_back(delta_geometry(full.gate_base.cast<double>(),
                                                runs[name].gate_delta.cast<double>(),
                                                full.gate_delta.cast<double>(), s.model.layers));
  }
  e.budget = deletion_budget(s.rho, e.gate_weights);
  return e;
}

}  // namespace

const CiExperiment& ci_experiment(std::uint64_t seed) {
  // The host may run checks concurrently: the computation holds the lock.
  static std::mutex mutex;
  static std::map<std::uint64_t, CiExperiment> cache;
  std::lock_guard lock(mutex);
  auto it = cache.find(seed);
  if (it == cache.end()) it = cache.emplace(seed, run_experiment(seed)).first;
  return it->second;
}

MeanCi mean_ci(const std::vector<double>& values) {
  const int n = static_cast<int>(values.size());
  if (n < 2) throw std::invalid_argument("mean_ci: needs at least 2 values");
  double mean = 0, ss = 0;
  for (double x : values) mean += x / n;
  for (double x : values) ss += (x - mean) * (x - mean);
  const boost::math::students_t t(n - 1);
  const double half = boost::math::quantile(t, 0.975) * std::sqrt(ss / (n - 1) / n);
  return {mean, mean - half, mean + half, n};
}

std::vector<std::string> fortune_documents(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot read; install Debian's fortunes-min package");
  std::vector<std::string> docs;
  std::string line, doc;
  while (std::getline(in, line)) {
    if (line == "%") {
      if (!doc.empty()) docs.push_back(doc);
      doc.clear();
    } else {
      doc += doc.empty() ? line : "\n" + line;
    }
  }
  if (!doc.empty()) docs.push_back(doc);
  return docs;
}

}  // namespace assay::bitmask_tuning
