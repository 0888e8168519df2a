#include "bm25_index.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <unordered_map>

namespace assay::search_attacks {

Bm25Index::Bm25Index(const std::vector<std::vector<int>>& documents, int vocabulary, double k1,
                     double b)
    : postings_(vocabulary), k1_(k1), b_(b) {
  for (int d = 0; d < static_cast<int>(documents.size()); ++d) {
    std::unordered_map<int, int> tf;
    for (int t : documents[d]) {
      if (t < 0 || t >= vocabulary) throw std::invalid_argument("bm25: token outside vocabulary");
      ++tf[t];
    }
    for (auto [t, n] : tf) postings_[t].push_back({d, n});
    length_.push_back(static_cast<int>(documents[d].size()));
    total_length_ += static_cast<double>(documents[d].size());
  }
  for (auto& p : postings_)
    std::sort(p.begin(), p.end(), [](auto a, auto c) { return a.document < c.document; });
}

std::vector<Hit> Bm25Index::top_k(const std::vector<int>& query, int k,
                                  const std::vector<const std::vector<int>*>& added) const {
  const double n = size() + static_cast<double>(added.size());
  double total = total_length_;
  for (const auto* d : added) total += static_cast<double>(d->size());
  const double mean_length = total / n;
  const auto term = [&](double tf, double length, double idf) {
    return idf * tf * (k1_ + 1) / (tf + k1_ * (1 - b_ + b_ * length / mean_length));
  };
  std::unordered_map<int, double> score;
  std::vector<double> added_score(added.size(), 0.0);
  for (int t : query) {
    std::vector<int> added_tf(added.size(), 0);
    int df = static_cast<int>(postings_.at(t).size());
    for (std::size_t i = 0; i < added.size(); ++i) {
      added_tf[i] = static_cast<int>(std::count(added[i]->begin(), added[i]->end(), t));
      df += added_tf[i] > 0;
    }
    const double idf = std::log(1 + (n - df + 0.5) / (df + 0.5));
    for (const auto& p : postings_[t]) score[p.document] += term(p.tf, length_[p.document], idf);
    for (std::size_t i = 0; i < added.size(); ++i)
      if (added_tf[i] > 0)
        added_score[i] += term(added_tf[i], static_cast<double>(added[i]->size()), idf);
  }
  std::vector<Hit> hits;
  hits.reserve(score.size() + added.size());
  for (auto [d, s] : score) hits.push_back({d, s});
  for (std::size_t i = 0; i < added.size(); ++i)
    if (added_score[i] > 0) hits.push_back({size() + static_cast<int>(i), added_score[i]});
  const auto better = [](const Hit& a, const Hit& c) {
    return a.score > c.score || (a.score == c.score && a.document < c.document);
  };
  const auto keep = std::min<std::size_t>(k, hits.size());
  std::partial_sort(hits.begin(), hits.begin() + keep, hits.end(), better);
  hits.resize(keep);
  return hits;
}

}  // namespace assay::search_attacks
