#include "claims.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include "interpretability_study.hpp"

namespace assay::sparse_weights {
namespace {

constexpr int kSeeds = 3;
constexpr const char* kPythonFolder = "/usr/lib/python3.11";

StudyCorpus python_stdlib() {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  for (const auto& e : std::filesystem::directory_iterator(kPythonFolder, error))
    if (e.path().extension() == ".py") files.push_back(e.path());
  if (files.size() < 20)
    throw std::runtime_error(std::string(kPythonFolder) +
                             " holds too few .py files; install libpython3.11-stdlib");
  std::sort(files.begin(), files.end());
  StudyCorpus c;
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::ifstream in(files[i], std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const auto slot = i % 10;
    (slot == 0 ? c.validation : slot <= 2 ? c.analysis : c.train).push_back(text.str());
  }
  return c;
}

StudyOptions check_scale() {
  StudyOptions o;
  o.shape = {.dim = 64, .layers = 2, .head_size = 16, .context = 32, .topk_fraction = 0.25};
  o.sparsity = {.nonzero_fraction = 1.0 / 16, .anneal_fraction = 0.5, .min_live = 4};
  o.train = {.steps = 300, .batch = 16, .lr = 1e-2, .warmup_fraction = 0.05, .eval_windows = 32};
  o.analysis = {.windows = 32, .sampled_weights = 256, .explainer = {}};
  return o;
}

// rows[seed][kind], computed once per check seed and shared by every claim (the host may run
// checks concurrently, so the computation holds the lock).
using Study = std::vector<std::vector<ModelRow>>;
const Study& study(std::uint64_t seed) {
  static std::mutex mutex;
  static std::map<std::uint64_t, Study> cache;
  std::lock_guard lock(mutex);
  auto it = cache.find(seed);
  if (it == cache.end()) {
    const auto corpus = python_stdlib();
    Study s;
    for (int k = 0; k < kSeeds; ++k)
      s.push_back(study_seed(corpus, check_scale(), seed * 7919 + k));
    it = cache.emplace(seed, std::move(s)).first;
  }
  return it->second;
}

struct MeanCi {
  double mean = 0, lower = 0, upper = 0;
};

// Two-sided 95% Student t interval of the mean (1..4 degrees of freedom tabulated).
MeanCi mean_ci(const std::vector<double>& v) {
  static const double t975[] = {12.706, 4.303, 3.182, 2.776};
  const auto n = static_cast<double>(v.size());
  double m = 0, ss = 0;
  for (double x : v) m += x / n;
  for (double x : v) ss += (x - m) * (x - m);
  const double half = t975[std::min<std::size_t>(v.size(), 5) - 2] * std::sqrt(ss / (n - 1) / n);
  return {m, m - half, m + half};
}

std::string text(const MeanCi& c) {
  return number_text(c.mean) + " [" + number_text(c.lower) + ", " + number_text(c.upper) + "]";
}

// Over seeds, a statistic of one kind, or the paired difference of two kinds.
template <class F>
MeanCi over_seeds(const Study& s, F f) {
  std::vector<double> v;
  for (const auto& rows : s) v.push_back(f(rows));
  return mean_ci(v);
}
template <class Field>
MeanCi of_kind(const Study& s, ModelKind k, Field field) {
  return over_seeds(s, [&](const auto& rows) { return rows[static_cast<int>(k)].*field; });
}
template <class Field>
MeanCi sparse_minus(const Study& s, ModelKind k, Field field) {
  return over_seeds(
      s, [&](const auto& rows) { return rows[0].*field - rows[static_cast<int>(k)].*field; });
}

// Claims 1 and 3: the sparse model's value exceeds both controls' (lower 95% bounds of both
// paired differences above 0); measured: the smaller lower bound.
template <class Field>
CheckResult sparse_exceeds_both(const Study& s, Field field, const std::string& what) {
  const auto vs_dense = sparse_minus(s, ModelKind::dense, field);
  const auto vs_matched = sparse_minus(s, ModelKind::dense_matched, field);
  std::string detail =
      what + " (mean [95% t interval] over " + std::to_string(s.size()) + " seeds): ";
  for (auto k : {ModelKind::sparse, ModelKind::dense, ModelKind::dense_matched})
    detail += kind_name(k) + " " + text(of_kind(s, k, field)) + "; ";
  detail += "sparse - dense " + text(vs_dense) + ", sparse - dense_matched " + text(vs_matched);
  return expect_at_least(std::min(vs_dense.lower, vs_matched.lower), 0, detail);
}

}  // namespace

std::vector<Claim> importance_claims() {
  return {{"importance_more_concentrated",
           "Importance is more concentrated over the nonzero weights of sparse models: the Gini "
           "of the circuit weights' mean |w dL_t/dw| is higher than in both dense controls "
           "(lower 95% bounds over 3 seeds of both paired differences > 0)",
           [](const CheckContext& ctx) {
             return sparse_exceeds_both(study(ctx.seed), &ModelRow::gini_weights,
                                        "Gini over weights");
           }}};
}

std::vector<Claim> explainer_claims() {
  return {
      {"sparse_more_interpretable",
       "A larger share of the nonzero weights of sparse models is interpretable than of either "
       "dense control (the paper: 17-35% against 5-9%); lower 95% bounds over 3 seeds of both "
       "paired differences > 0",
       [](const CheckContext& ctx) {
         return sparse_exceeds_both(study(ctx.seed), &ModelRow::interpretable_fraction,
                                    "interpretable fraction (paper: 0.17-0.35 sparse, 0.05-0.09 "
                                    "dense)");
       },
       does_not_reproduce("at check scale the sparse model's fraction is higher on average than "
                          "both controls', but by less than the seed-to-seed spread",
                          "README.md#finding-interpretable-fraction")},
      {"f1_above_null",
       "The held-out F1 of the sparse model's explanations is well above that of the same "
       "explainer fitted to shuffled importances: the lower 95% bound over 3 seeds of mean F1 "
       "minus mean null F1 is above 0",
       [](const CheckContext& ctx) {
         const auto& s = study(ctx.seed);
         const auto gap = [&](ModelKind k) {
           return over_seeds(s, [&](const auto& rows) {
             const auto& r = rows[static_cast<int>(k)];
             return r.mean_f1 - r.mean_null_f1;
           });
         };
         std::string detail = "mean held-out F1 - mean null F1 (mean [95% t interval]): ";
         for (auto k : {ModelKind::sparse, ModelKind::dense, ModelKind::dense_matched})
           detail += kind_name(k) + " " + text(gap(k)) + " (F1 " +
                     text(of_kind(s, k, &ModelRow::mean_f1)) + "); ";
         return expect_at_least(gap(ModelKind::sparse).lower, 0, detail);
       }}};
}

}  // namespace assay::sparse_weights
