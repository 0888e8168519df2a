#include "weight_explainer.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace assay::sparse_weights {

TokenSet above_mean_tokens(const Eigen::VectorXf& importance) {
  const auto n = static_cast<std::size_t>(importance.size());
  TokenSet s(n);
  if (n == 0) return s;
  const double mean = importance.cast<double>().mean();
  for (std::size_t i = 0; i < n; ++i)
    if (importance(static_cast<Eigen::Index>(i)) > mean) s.insert(i);
  return s;
}

namespace {

double f1(const TokenSet& predicted, const TokenSet& positives) {
  const double denominator = static_cast<double>(predicted.count() + positives.count());
  return denominator > 0 ? 2.0 * static_cast<double>(predicted.count_and(positives)) / denominator
                         : 0;
}

double mass_on(const TokenSet& s, const Eigen::VectorXf& importance) {
  double on = 0, total = 0;
  for (Eigen::Index i = 0; i < importance.size(); ++i) {
    total += importance(i);
    if (s.contains(static_cast<std::size_t>(i))) on += importance(i);
  }
  return total > 0 ? on / total : 0;
}

Eigen::VectorXf permuted(const Eigen::VectorXf& v, nn::Rng& rng) {
  std::vector<float> x(v.data(), v.data() + v.size());
  std::shuffle(x.begin(), x.end(), rng);
  return Eigen::Map<Eigen::VectorXf>(x.data(), v.size());
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())) - 1);
  return v[std::min(i, v.size() - 1)];
}

}  // namespace

Explanation explain(const Eigen::VectorXf& fit, const Eigen::VectorXf& heldout,
                    const Candidates& fit_candidates, const std::vector<TokenSet>& heldout_atoms,
                    const ExplainerOptions& options) {
  Explanation e;
  const TokenSet positives = above_mean_tokens(fit);
  e.positives = positives.count();
  if (e.positives == 0) return e;
  std::size_t best = 0;
  double best_f1 = -1;
  for (std::size_t c = 0; c < fit_candidates.sets.size(); ++c) {
    const double score = f1(fit_candidates.sets[c], positives);
    if (score > best_f1) best_f1 = score, best = c;
  }
  e.conjunction = fit_candidates.conjunctions[best];
  e.fit_f1 = best_f1;
  const auto n = static_cast<std::size_t>(heldout.size());
  const TokenSet predicted = holds_on(e.conjunction, heldout_atoms, n);
  e.heldout_f1 = f1(predicted, above_mean_tokens(heldout));
  e.coverage = mass_on(predicted, heldout);
  return e;
}

ExplainerResult explain_weights(const Eigen::MatrixXf& fit, const Eigen::MatrixXf& heldout,
                                const std::vector<CodeLatents>& fit_latents,
                                const std::vector<CodeLatents>& heldout_latents,
                                const ExplainerOptions& options, nn::Rng& rng) {
  const auto fit_atoms = atom_sets(fit_latents);
  const auto heldout_atoms = atom_sets(heldout_latents);
  const auto fit_candidates = candidates(fit_atoms);
  ExplainerResult r;
  for (Eigen::Index w = 0; w < fit.rows(); ++w) {
    const Eigen::VectorXf a = fit.row(w).transpose(), b = heldout.row(w).transpose();
    r.weights.push_back(explain(a, b, fit_candidates, heldout_atoms, options));
    const Eigen::VectorXf sa = permuted(a, rng), sb = permuted(b, rng);
    r.null_f1.push_back(explain(sa, sb, fit_candidates, heldout_atoms, options).heldout_f1);
  }
  r.threshold = quantile(r.null_f1, options.null_quantile);
  double interpretable = 0, f1_sum = 0;
  for (auto& e : r.weights) {
    e.interpretable =
        e.positives > 0 && e.heldout_f1 > r.threshold && e.coverage >= options.min_coverage;
    interpretable += e.interpretable;
    f1_sum += e.heldout_f1;
  }
  const double n = std::max<double>(1, static_cast<double>(r.weights.size()));
  r.interpretable_fraction = interpretable / n;
  r.mean_f1 = f1_sum / n;
  r.mean_null_f1 = std::accumulate(r.null_f1.begin(), r.null_f1.end(), 0.0) / n;
  return r;
}

}  // namespace assay::sparse_weights
