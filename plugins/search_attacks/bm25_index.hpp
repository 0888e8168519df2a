// Okapi BM25 over token documents (k1 1.5, b 0.75 by default), with Lucene's non-negative idf
// log(1 + (N - df + 0.5) / (df + 0.5)). A query may add documents (an attacker's injections):
// they are scored as members of the corpus, with N, df and the mean length updated, so no index
// is rebuilt per rollout.
#pragma once

#include <vector>

namespace assay::search_attacks {

struct Hit {
  int document = 0;  // < size(): a corpus document; size() + i: the i-th added document
  double score = 0;
};

class Bm25Index {
 public:
  Bm25Index(const std::vector<std::vector<int>>& documents, int vocabulary, double k1 = 1.5,
            double b = 0.75);
  // The k best documents for `query` (ties: lower id first), corpus plus `added`.
  std::vector<Hit> top_k(const std::vector<int>& query, int k,
                         const std::vector<const std::vector<int>*>& added = {}) const;
  int size() const { return static_cast<int>(length_.size()); }

 private:
  struct Posting {
    int document, tf;
  };
  std::vector<std::vector<Posting>> postings_;  // per token
  std::vector<int> length_;
  double total_length_ = 0, k1_, b_;
};

}  // namespace assay::search_attacks
