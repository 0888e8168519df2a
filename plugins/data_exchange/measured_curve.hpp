// Learning curves measured by training a real learner, for the paper's "instances derived from
// real data". The data set is synthetic (no data set ships with this plugin): binary labels
// y = sign(w.x + noise * e) with x, e standard normal; the learner is a ridge-regression
// classifier (least squares on +-1 labels, predict the sign), trained on random subsets of
// growing size and scored on a held-out test set.
#pragma once

#include <Eigen/Core>
#include <random>
#include <vector>

#include "learning_curve.hpp"

namespace assay::data_exchange {

struct ClassificationTask {
  int dimension = 10;
  double label_noise = 0.5;  // std of the noise added to w.x, |w| = 1
  int pool = 2000;           // training examples available
  int test = 2000;
  double ridge = 1.0;
};

struct MeasuredCurve {
  std::vector<double> sizes, accuracy, standard_error;  // mean test accuracy over repeats
  LearningCurve curve() const { return LearningCurve::tabulated(sizes, accuracy); }
};

// Sizes: `points` values geometrically spaced from 2 to the pool size.
MeasuredCurve measure_learning_curve(const ClassificationTask& task, int points, int repeats,
                                     std::mt19937_64& rng);

// The same learner on a given data set (e.g. from stdlib's load_matrix): one example per row,
// features in all columns but the last, the label in the last (> 0: positive). A random 30% of
// the rows (at least one) is held out for testing; the rest is the training pool.
MeasuredCurve measure_learning_curve(const Eigen::MatrixXd& data, double ridge, int points,
                                     int repeats, std::mt19937_64& rng);

}  // namespace assay::data_exchange
