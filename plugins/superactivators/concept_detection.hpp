// Concept detection from token activations. SuperActivator detection calls an image positive
// when any of its tokens exceeds the (1 - p) quantile of the in-concept calibration tokens'
// activations; the baselines aggregate an image's tokens (max, mean, last, one random token)
// into a score thresholded where calibration F1 is best. p too is chosen on calibration; test
// F1 is reported for the chosen p and for every p.
#pragma once

#include <Eigen/Dense>
#include <random>
#include <string>
#include <vector>

namespace assay::superactivators {

// Linear interpolation between order statistics (NumPy's default).
double quantile(std::vector<double> values, double q);

// Share of in-concept tokens (label 1) above the `q` quantile of out-of-concept ones (label 0).
double tail_fraction(const Eigen::VectorXd& activations, const Eigen::VectorXi& labels,
                     double q = 0.999);

enum class Aggregator { max, mean, last, random };
inline constexpr int aggregator_count = 4;
std::string aggregator_name(Aggregator a);

Eigen::VectorXd aggregate(const Eigen::VectorXd& activations, int tokens_per_image,
                          Aggregator aggregator, std::mt19937_64& rng);

// F1 of `score > threshold` against `positive` (0/1).
double f1_at(const Eigen::VectorXd& scores, const Eigen::VectorXi& positive, double threshold);
// The threshold (midway between adjacent distinct scores) of the best F1.
double best_threshold(const Eigen::VectorXd& scores, const Eigen::VectorXi& positive);

struct DetectionSplit {
  Eigen::VectorXd activations;   // per token
  Eigen::VectorXi token_labels;  // 1 in, 0 out, -1 neither
  Eigen::VectorXi image_labels;  // 1 if the image holds the concept
};

struct Detection {
  std::vector<double> p;                       // the SuperActivator sparsity levels
  std::vector<double> curve_f1;                // test F1 at each p
  double chosen_p = 0, superactivator_f1 = 0;  // p of the best calibration F1; its test F1
  std::vector<double> baseline_f1;             // test F1 per Aggregator, threshold from calibration
};

std::vector<double> default_sparsity_levels();

Detection detect_concept(const DetectionSplit& calibration, const DetectionSplit& test,
                         int tokens_per_image, const std::vector<double>& p, std::mt19937_64& rng);

}  // namespace assay::superactivators
