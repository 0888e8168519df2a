// Isotropic Gaussian mixtures with controllable separation, weights and number of modes: the
// targets whose modes a generative model covers, drops (collapse) or replaces by its training
// points (memorisation).
#pragma once

#include <Eigen/Core>
#include <random>
#include <string>
#include <vector>

namespace assay::lowrank_collapse {

enum class Layout {
  ring,     // means on a circle in the first two coordinates (any dim >= 2)
  simplex,  // means at separation / sqrt(2) times the first `modes` unit vectors (modes <= dim)
};
Layout parse_layout(const std::string& name);

struct MixtureSpec {
  int dim = 2;
  int modes = 8;
  double separation = 3;    // distance between neighbouring means
  double mode_sd = 0.25;    // standard deviation of every coordinate of every mode
  double weight_ratio = 1;  // largest / smallest weight; weights geometric in between
  Layout layout = Layout::ring;
};

struct Mixture {
  Eigen::MatrixXd means;    // modes x dim
  Eigen::VectorXd weights;  // modes, summing to 1, largest first
  double sd = 1;

  int modes() const { return static_cast<int>(means.rows()); }
  int dim() const { return static_cast<int>(means.cols()); }
};

// Throws std::invalid_argument naming the field when the spec cannot be laid out.
Mixture make_mixture(const MixtureSpec& spec);

struct LabelledSamples {
  Eigen::MatrixXd x;  // n x dim
  std::vector<int> mode;
};
LabelledSamples sample(const Mixture& mixture, int n, std::mt19937_64& rng);

// log p(x) per row, normalised.
Eigen::VectorXd log_density(const Mixture& mixture, const Eigen::MatrixXd& x);

}  // namespace assay::lowrank_collapse
