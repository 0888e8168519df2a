// The regression task: a target Fourier series y(x) = sum_k A_k cos(w_k x) sampled on N
// equispaced points of [0, 2 pi), and how a model's residual spectrum evolves while fitting it.
#pragma once

#include <Eigen/Core>
#include <vector>

namespace assay::qnn_spectral {

struct FourierTarget {
  std::vector<int> frequencies;
  std::vector<double> amplitudes;
  double operator()(double x) const;
  Eigen::VectorXd sample(const Eigen::VectorXd& grid) const;
};

enum class Optimizer { adam, gradient_descent };

struct FitOptions {
  int steps = 300;
  double learning_rate = 0.05;
  Optimizer optimizer = Optimizer::adam;
  int record_every = 1;
};

// Recorded every `record_every` steps (and at step 0): loss = mean (f - y)^2 and the amplitude
// spectrum of the residual r = f - y at frequencies 0 .. N/2 (rows) per record (columns).
struct FitHistory {
  std::vector<int> steps;
  std::vector<double> loss;
  Eigen::MatrixXd residual_spectrum;
  void record(int step, const Eigen::VectorXd& residual);
};

// Per target component: the first recorded step at which its residual amplitude fell to half
// of A_k (-1 if never), and the final residual amplitude over A_k.
struct ComponentProgress {
  int frequency = 0;
  double amplitude = 0;
  int half_step = -1;
  double final_relative_residual = 0;
};
std::vector<ComponentProgress> component_progress(const FourierTarget& target,
                                                  const FitHistory& history);

}  // namespace assay::qnn_spectral
