// The probing study of one model: probes of the count at every layer and probed position, the
// count subspace's principal angles to the digit rows (and the count-word rows) of W_U at every
// layer at the ARROW, and the model's own answers, on fresh balanced explicit items.
#pragma once

#include <string>
#include <vector>

#include "answer_accuracy.hpp"
#include "count_geometry.hpp"
#include "count_probes.hpp"
#include "residuals.hpp"

namespace assay::counting_bottleneck {

struct ProbeStudyOptions {
  int train_per_count = 50;
  int test_per_count = 50;
  ProbeOptions probe;
  int subspace_rank = 2;
  int null_samples = 1000;
};

struct ProbeRow {
  std::string site, position;
  ProbeScore score;
};

struct AlignmentRow {
  std::string site, rows;  // rows: "digits" (W_U rows 0..9) or "words" (the count words)
  std::string null;        // "random" (Haar subspaces) or "shuffled" (shuffled counts)
  Alignment alignment;
};

struct ProbeStudy {
  std::vector<ProbeRow> probes;
  std::vector<AlignmentRow> alignment;
  AnswerAccuracy model;            // the model's own answers on the test items
  double best_arrow_accuracy = 0;  // the best layer's probe accuracy at the ARROW
  std::string best_arrow_site;
};

ProbeStudy probe_study(const CountingModel& model, const ProbeStudyOptions& options, Rng& rng);

// The probe directions at the ARROW after the last norm (what W_U reads), from `items`.
Eigen::MatrixXd arrow_directions(const CountingModel& model, const std::vector<Sequence>& items,
                                 int rank, double lambda);

}  // namespace assay::counting_bottleneck
