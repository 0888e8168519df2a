#include "amplification.hpp"

namespace assay::superactivators {
namespace {

using Eigen::VectorXd;

VectorXd class_mean(const Eigen::MatrixXf& x, const Eigen::VectorXi& labels, int label) {
  VectorXd sum = VectorXd::Zero(x.cols());
  double n = 0;
  for (Eigen::Index i = 0; i < labels.size(); ++i)
    if (labels(i) == label) sum += x.row(i).transpose().cast<double>(), n += 1;
  return sum / std::max(n, 1.0);
}

double slope(const VectorXd& x, const VectorXd& y) {
  const double mx = x.mean(), my = y.mean();
  const double var = (x.array() - mx).square().sum();
  return var > 0 ? ((x.array() - mx) * (y.array() - my)).sum() / var : 0;
}

VectorXd pick(const VectorXd& v, const Eigen::VectorXi& labels, bool in_only) {
  std::vector<double> out;
  for (Eigen::Index i = 0; i < v.size(); ++i)
    if (labels(i) == 1 || (!in_only && labels(i) == 0)) out.push_back(v(i));
  return Eigen::Map<VectorXd>(out.data(), static_cast<Eigen::Index>(out.size()));
}

}  // namespace

std::vector<HeadAmplification> head_amplification(const TokenStates& s,
                                                  const Eigen::VectorXi& labels) {
  std::vector<HeadAmplification> out;
  for (int l = 0; l < static_cast<int>(s.writes.size()); ++l) {
    const VectorXd u =
        (class_mean(s.layers[l + 1], labels, 1) - class_mean(s.layers[l + 1], labels, 0))
            .normalized();
    const VectorXd prior = s.layers[l].cast<double>() * u;
    for (int h = 0; h < static_cast<int>(s.writes[l].size()); ++h) {
      const auto& w = s.writes[l][h];
      const VectorXd gap = class_mean(w, labels, 1) - class_mean(w, labels, 0);
      const VectorXd change = w.cast<double>() * u;
      out.push_back({l, h, gap.norm() > 0 ? gap.dot(u) / gap.norm() : 0,
                     slope(pick(prior, labels, true), pick(change, labels, true)),
                     slope(pick(prior, labels, false), pick(change, labels, false))});
    }
  }
  return out;
}

std::vector<HeadId> aligned_heads(const std::vector<HeadAmplification>& heads) {
  std::vector<HeadId> out;
  const HeadAmplification* best = nullptr;
  for (std::size_t i = 0; i <= heads.size(); ++i) {
    if (i == heads.size() || (best && heads[i].block != best->block)) {
      if (best && best->alignment > 0) out.push_back({best->block, best->head});
      best = nullptr;
      if (i == heads.size()) break;
    }
    if (!best || heads[i].alignment > best->alignment) best = &heads[i];
  }
  return out;
}

std::vector<HeadId> control_heads(const std::vector<HeadId>& aligned, int heads_per_block,
                                  std::mt19937_64& rng) {
  std::vector<HeadId> out;
  std::uniform_int_distribution<int> other(0, heads_per_block - 2);
  for (const auto& [block, head] : aligned) {
    const int h = other(rng);
    out.push_back({block, h >= head ? h + 1 : h});
  }
  return out;
}

}  // namespace assay::superactivators
