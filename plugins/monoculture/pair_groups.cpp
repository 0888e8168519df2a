#include "pair_groups.hpp"

namespace assay::monoculture {
namespace {

PairGroup from_rule(std::string name, int models, auto same_group) {
  PairGroup g{std::move(name), Eigen::MatrixXd::Zero(models, models)};
  for (int i = 0; i < models; ++i)
    for (int k = 0; k < models; ++k)
      if (i != k && same_group(i, k)) g.mask(i, k) = 1.0;
  return g;
}

}  // namespace

PairGroup all_pairs(int models) {
  return from_rule("all", models, [](int, int) { return true; });
}

PairGroup within_cluster_pairs(const std::vector<int>& cluster) {
  return from_rule("within", static_cast<int>(cluster.size()),
                   [&](int i, int k) { return cluster[i] == cluster[k]; });
}

PairGroup between_cluster_pairs(const std::vector<int>& cluster) {
  return from_rule("between", static_cast<int>(cluster.size()),
                   [&](int i, int k) { return cluster[i] != cluster[k]; });
}

PairGroup pairs_among(int models, const std::vector<int>& members, std::string name) {
  Eigen::VectorXd in = Eigen::VectorXd::Zero(models);
  for (int m : members) in(m) = 1.0;
  return from_rule(std::move(name), models, [&](int i, int k) { return in(i)*in(k) > 0; });
}

}  // namespace assay::monoculture
