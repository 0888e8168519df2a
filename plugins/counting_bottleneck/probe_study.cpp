#include "probe_study.hpp"

namespace assay::counting_bottleneck {
namespace {

constexpr std::size_t kArrow = std::size(kProbePositions) - 1;

Eigen::MatrixXd digit_rows(const Eigen::MatrixXd& w) { return w.middleRows(token::kDigit0, 10); }
Eigen::MatrixXd word_rows(const Eigen::MatrixXd& w) {
  return w.middleRows(token::kWord1, kMaxCount);
}

}  // namespace

ProbeStudy probe_study(const CountingModel& model, const ProbeStudyOptions& o, Rng& rng) {
  const auto train_items = explicit_items(o.train_per_count, rng);
  const auto test_items = explicit_items(o.test_per_count, rng);
  const std::uint64_t control_seed = rng();
  const auto train = record_residuals(model, train_items);
  const auto test = record_residuals(model, test_items);
  const auto train_counts = counts_of(train_items), test_counts = counts_of(test_items);
  const auto train_control = control_labels(train_items, control_seed);
  const auto test_control = control_labels(test_items, control_seed);
  const Eigen::MatrixXd w = model.unembedding();
  ProbeStudy s;
  s.model = answer_accuracy(model, test_items);
  for (std::size_t k = 0; k < train.sites.size(); ++k) {
    for (std::size_t p = 0; p < std::size(kProbePositions); ++p) {
      const auto score = probe_count({train.at[k][p], train_counts, train_control},
                                     {test.at[k][p], test_counts, test_control}, o.probe);
      s.probes.push_back({train.sites[k], kProbePositions[p].name, score});
      if (p == kArrow && score.accuracy > s.best_arrow_accuracy) {
        s.best_arrow_accuracy = score.accuracy;
        s.best_arrow_site = train.sites[k];
      }
    }
    const Eigen::MatrixXd q = count_subspace(train.at[k][kArrow], train_counts, o.subspace_rank);
    const auto& x = train.at[k][kArrow];
    for (const auto& [rows, name] : {std::pair{digit_rows(w), "digits"}, {word_rows(w), "words"}}) {
      s.alignment.push_back({train.sites[k], name, "random", align(q, rows, o.null_samples, rng)});
      s.alignment.push_back(
          {train.sites[k], name, "shuffled",
           align_shuffled(x, train_counts, o.subspace_rank, rows, o.null_samples, rng)});
    }
  }
  return s;
}

Eigen::MatrixXd arrow_directions(const CountingModel& model, const std::vector<Sequence>& items,
                                 int rank, double lambda) {
  const auto r = record_residuals(model, items);
  return probe_directions(r.at.back()[kArrow], counts_of(items), rank, lambda);
}

}  // namespace assay::counting_bottleneck
