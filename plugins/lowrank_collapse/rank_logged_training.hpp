// The training loop shared by flow matching and variational inference: Adam on a parameter
// set, with the rank logs of the paper's mechanism for each listed weight matrix (the singular
// spectra of its gradient, of its accumulated update W_t - W_0 and of W itself) and the
// rank intervention (each update of a weight matrix projected onto its top-k singular
// subspace).
#pragma once

#include <Eigen/Core>
#include <functional>
#include <vector>

#include "assay/nn/nn.hpp"

namespace assay::lowrank_collapse {

struct TrainingSchedule {
  double lr = 1e-3;
  int steps = 2000;
  int log_interval = 100;  // log at step 0, every log_interval steps and at the end
  int update_rank = 0;     // k of the rank intervention; 0: full-rank updates
};

struct SpectralLog {
  std::vector<int> steps;    // the logged steps
  std::vector<double> loss;  // the batch loss at each logged step
  // layers x logged steps.
  Eigen::MatrixXd grad_stable_rank, grad_effective_rank;
  Eigen::MatrixXd update_stable_rank, update_effective_rank;  // of W_t - W_0
  Eigen::MatrixXd weight_stable_rank, weight_effective_rank;
  double final_loss = 0;
};

// Builds the loss of one step on the tape (drawing its own batch) and returns it; the loop
// runs backward and the update.
using StepLoss = std::function<nn::Var<float>(nn::Tape<float>&)>;
// Called at every logged step, after the spectra (e.g. to draw samples); `step` updates done.
using LogObserver = std::function<void(int step)>;
// Called once per step with the fraction done; may throw to stop (cancellation).
using Progress = std::function<void(double)>;

// Runs schedule.steps Adam updates (torch defaults, learning rate schedule.lr). The loss and
// gradient at the final weights are computed and logged too, without an update.
SpectralLog train_with_rank_logs(nn::ParameterSet<float>& params,
                                 const std::vector<nn::Parameter<float>*>& weights,
                                 const TrainingSchedule& schedule, const StepLoss& loss,
                                 const LogObserver& on_log = {}, const Progress& progress = {});

// Mean over layers of the last logged column of m (a layers x steps log); 0 without layers.
double final_layer_mean(const Eigen::MatrixXd& m);

}  // namespace assay::lowrank_collapse
