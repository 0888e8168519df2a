// Joint BPTT training of a navigation RNN on fresh random walks every step, and its
// evaluation on given walks (decoded position and heading errors, hidden states).
#pragma once

#include <functional>
#include <vector>

#include "navigation_rnn.hpp"

namespace assay::hrnn_navigation {

// What the networks are trained to produce from what they are given.
struct Task {
  WalkOptions walk;
  HeadDirectionCells hd;
  PlaceCells place;
};
Task make_task(const Architecture& a, const WalkOptions& walk, double place_sigma, double surround,
               double kappa, std::mt19937_64& rng);

struct TrainOptions {
  int steps = 300;
  int batch = 50;
  int horizon = 20;  // time steps per training walk
  double lr = 1e-3;  // Adam
  double weight_decay = 1e-4;
};

struct Trained {
  Weights weights;
  std::vector<double> loss;  // per step
};
Trained train(const Architecture& a, const Task& task, const TrainOptions& options,
              std::mt19937_64& rng, const std::function<void(double)>& progress = {});

struct Evaluation {
  RowMatrix states;                // (steps * batch) x units, time-major
  Eigen::VectorXd position_error;  // per step: mean over walks of the decoding error [m]
  Eigen::VectorXd heading_error;   // per step: mean over walks of |decoded - true| [rad]
};
Evaluation evaluate(const Weights& w, const Task& task, const Walks& walks);

// Mean of v over the 1-based steps (from, to].
double mean_over_steps(const Eigen::VectorXd& v, int from, int to);

}  // namespace assay::hrnn_navigation
