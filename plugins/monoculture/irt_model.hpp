// Item response models. Model i answers item j correctly with probability
//   Rasch: sigma(theta_i - b_j)        2PL: sigma(a_j (theta_i - b_j)),
// and difficulties are random, b_j ~ N(0, sd_b^2): the item population is part of the model,
// which is what the item-difficulty null of monoculture needs (the mean difficulty is fixed at
// 0 so abilities are measured against the average item).
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <string_view>

namespace assay::monoculture {

enum class IrtModel { rasch, two_pl };

// "rasch" or "2pl"; throws std::invalid_argument otherwise.
IrtModel parse_irt_model(std::string_view name);

inline double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

struct IrtParameters {
  Eigen::VectorXd ability;         // theta_i, one per model (fixed effects)
  Eigen::VectorXd discrimination;  // a_j, one per item; all 1 under Rasch
  Eigen::VectorXd difficulty;      // b_j: posterior mean given the item's responses (EAP)
  double difficulty_sd = 1.0;      // sd_b of the difficulty population
};

}  // namespace assay::monoculture
