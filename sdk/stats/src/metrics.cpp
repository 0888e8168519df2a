#include "assay/stats/metrics.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace assay::stats {
namespace {

void require_same_length(const char* what, std::size_t a, std::size_t b) {
  if (a != b) {
    throw std::invalid_argument(std::string("assay::stats: ") + what + ": " + std::to_string(a) +
                                " predictions but " + std::to_string(b) + " labels");
  }
}

// Indices sorted by descending score.
std::vector<std::size_t> by_descending_score(const Eigen::VectorXd& scores) {
  std::vector<std::size_t> order(static_cast<std::size_t>(scores.size()));
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return scores(static_cast<Eigen::Index>(a)) > scores(static_cast<Eigen::Index>(b));
  });
  return order;
}

}  // namespace

double accuracy(const std::vector<int>& predicted, const std::vector<int>& truth) {
  require_same_length("accuracy", predicted.size(), truth.size());
  if (truth.empty()) return 0;
  std::size_t hits = 0;
  for (std::size_t i = 0; i < truth.size(); ++i) hits += predicted[i] == truth[i];
  return static_cast<double>(hits) / static_cast<double>(truth.size());
}

double f1_score(const std::vector<int>& predicted, const std::vector<int>& truth, int positive) {
  require_same_length("f1_score", predicted.size(), truth.size());
  double tp = 0, fp = 0, fn = 0;
  for (std::size_t i = 0; i < truth.size(); ++i) {
    const bool p = predicted[i] == positive, t = truth[i] == positive;
    tp += p && t;
    fp += p && !t;
    fn += !p && t;
  }
  return tp == 0 ? 0.0 : 2 * tp / (2 * tp + fp + fn);
}

double auroc(const Eigen::VectorXd& scores, const std::vector<int>& labels) {
  require_same_length("auroc", static_cast<std::size_t>(scores.size()), labels.size());
  // Mann-Whitney U from mid-ranks (ascending), so ties count one half.
  std::vector<std::size_t> order(labels.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return scores(static_cast<Eigen::Index>(a)) < scores(static_cast<Eigen::Index>(b));
  });
  double positive_rank_sum = 0, positives = 0;
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    const double s = scores(static_cast<Eigen::Index>(order[i]));
    while (j < order.size() && scores(static_cast<Eigen::Index>(order[j])) == s) ++j;
    const double mid_rank = 0.5 * static_cast<double>(i + 1 + j);
    for (std::size_t k = i; k < j; ++k) {
      if (labels[order[k]] != 0) positive_rank_sum += mid_rank, positives += 1;
    }
    i = j;
  }
  const double negatives = static_cast<double>(labels.size()) - positives;
  if (positives == 0 || negatives == 0) {
    throw std::invalid_argument("assay::stats: auroc needs both positive and negative labels");
  }
  return (positive_rank_sum - positives * (positives + 1) / 2) / (positives * negatives);
}

double average_precision(const Eigen::VectorXd& scores, const std::vector<int>& labels) {
  require_same_length("average_precision", static_cast<std::size_t>(scores.size()), labels.size());
  const double positives = static_cast<double>(
      std::count_if(labels.begin(), labels.end(), [](int y) { return y != 0; }));
  if (positives == 0) {
    throw std::invalid_argument("assay::stats: average_precision needs a positive label");
  }
  const auto order = by_descending_score(scores);
  double tp = 0, seen = 0, ap = 0, last_recall = 0;
  for (std::size_t i = 0; i < order.size();) {
    const double s = scores(static_cast<Eigen::Index>(order[i]));
    for (; i < order.size() && scores(static_cast<Eigen::Index>(order[i])) == s; ++i) {
      tp += labels[order[i]] != 0;
      seen += 1;
    }
    const double recall = tp / positives;
    ap += (recall - last_recall) * (tp / seen);
    last_recall = recall;
  }
  return ap;
}

}  // namespace assay::stats
