// Which model pairs a summary averages over: all pairs, pairs inside one cluster, pairs across
// clusters, or pairs among chosen target models. A group is a symmetric 0/1 mask with a zero
// diagonal.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

namespace assay::monoculture {

struct PairGroup {
  std::string name;
  Eigen::MatrixXd mask;
  double pairs() const { return mask.sum() / 2; }
};

PairGroup all_pairs(int models);
// "within" and "between" cluster pairs; cluster[i] is model i's cluster.
PairGroup within_cluster_pairs(const std::vector<int>& cluster);
PairGroup between_cluster_pairs(const std::vector<int>& cluster);
// Pairs among `members` (model indices).
PairGroup pairs_among(int models, const std::vector<int>& members, std::string name);

}  // namespace assay::monoculture
