// Linear probes of the count (1..9) from the residual stream, with a Hewitt & Liang control
// task and a Fisher-ratio SNR.
//
// Features are standardised with the training split's mean and sd. The classifier is a
// multinomial (softmax) L2 logistic probe over the nine counts, fitted by accelerated gradient
// descent (the problem is convex; one-vs-rest probes would miss a count coded along a line);
// the regressor a ridge probe of the count as a number (its held-out R^2). The control task gives
// each surface type of an item, (the item asked about, the last list token), a label drawn once
// from 1..9: a probe that scores well on it memorises types rather than reading a count, so
// selectivity = accuracy - control accuracy. SNR: along the ridge probe's held-out predictions, the
// variance of the per-count means over the mean within-count variance (a one-dimensional Fisher
// ratio).
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "counting_corpus.hpp"

namespace assay::counting_bottleneck {

struct ProbeOptions {
  double ridge_lambda = 1.0;
  double logistic_lambda = 1e-4;
};

struct Split {
  Eigen::MatrixXd x;
  std::vector<int> labels;   // the counts
  std::vector<int> control;  // the control task's labels
};

struct ProbeScore {
  double accuracy = 0, control_accuracy = 0, selectivity = 0, r2 = 0, snr = 0;
};

// The control labels of items: a label in 1..9 per surface type, drawn from the seed.
std::vector<int> control_labels(const std::vector<Sequence>& items, std::uint64_t seed);
std::vector<int> counts_of(const std::vector<Sequence>& items);

// Centres and scales features by the mean and sd of the rows it was made from.
struct Standardiser {
  Eigen::RowVectorXd mean, sd;
  explicit Standardiser(const Eigen::MatrixXd& x);
  Eigen::MatrixXd operator()(const Eigen::MatrixXd& x) const;
};

// A multinomial logistic probe of the count on standardised features: minimises the mean
// softmax cross-entropy + (lambda / 2) ||W||^2 (intercepts free) to a gradient norm of 1e-6 or
// max_iterations steps.
class CountClassifier {
 public:
  CountClassifier(const Eigen::MatrixXd& x, const std::vector<int>& labels, double lambda,
                  int max_iterations = 500);
  std::vector<int> predict(const Eigen::MatrixXd& x) const;
  // The weights mapped back to raw features (dim x 9), one column per count.
  Eigen::MatrixXd raw_weights() const;

 private:
  Standardiser standardise_;
  Eigen::MatrixXd weights_;  // standardised features x 9
  Eigen::RowVectorXd intercepts_;
};

double accuracy(const std::vector<int>& predicted, const std::vector<int>& labels);
// Between-count over within-count sum of squares of `score` (the per-count means against the
// grand mean, each example weighted alike; the scores around their count's mean).
double fisher_ratio(const Eigen::VectorXd& score, const std::vector<int>& labels);

ProbeScore probe_count(const Split& train, const Split& test, const ProbeOptions& options);

// An orthonormal basis (dim x rank) of the probe's count directions, as LoRA's A: the probe's
// activation patterns (Haufe et al. 2014: the features' covariance times its raw weights, where
// the count moves the features, rather than the weights, which also undo noise), reduced to
// their top `rank` singular directions.
Eigen::MatrixXd probe_directions(const Eigen::MatrixXd& x, const std::vector<int>& labels, int rank,
                                 double lambda);

}  // namespace assay::counting_bottleneck
