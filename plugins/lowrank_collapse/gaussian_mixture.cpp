#include "gaussian_mixture.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include "assay/nn/matrix.hpp"

namespace assay::lowrank_collapse {

Layout parse_layout(const std::string& name) {
  if (name == "ring") return Layout::ring;
  if (name == "simplex") return Layout::simplex;
  throw std::invalid_argument("layout: '" + name + "' is not ring or simplex");
}

namespace {

Eigen::MatrixXd ring_means(const MixtureSpec& s) {
  if (s.dim < 2) throw std::invalid_argument("dim: a ring needs dim >= 2");
  Eigen::MatrixXd means = Eigen::MatrixXd::Zero(s.modes, s.dim);
  if (s.modes == 1) return means;
  // Chord between neighbours on a circle of radius r: 2 r sin(pi / K).
  const double radius = s.separation / (2 * std::sin(std::numbers::pi / s.modes));
  for (int k = 0; k < s.modes; ++k) {
    const double angle = 2 * std::numbers::pi * k / s.modes;
    means(k, 0) = radius * std::cos(angle);
    means(k, 1) = radius * std::sin(angle);
  }
  return means;
}

Eigen::MatrixXd simplex_means(const MixtureSpec& s) {
  if (s.modes > s.dim)
    throw std::invalid_argument("modes: a simplex of " + std::to_string(s.modes) +
                                " modes needs dim >= modes; use layout ring");
  Eigen::MatrixXd means = Eigen::MatrixXd::Zero(s.modes, s.dim);
  for (int k = 0; k < s.modes; ++k) means(k, k) = s.separation / std::sqrt(2.0);
  return means;
}

}  // namespace

Mixture make_mixture(const MixtureSpec& spec) {
  if (spec.modes < 1) throw std::invalid_argument("modes: needs at least one mode");
  if (!(spec.mode_sd > 0)) throw std::invalid_argument("mode_sd: must be positive");
  if (!(spec.weight_ratio >= 1)) throw std::invalid_argument("weight_ratio: must be >= 1");
  Mixture m;
  m.means = spec.layout == Layout::ring ? ring_means(spec) : simplex_means(spec);
  m.sd = spec.mode_sd;
  m.weights.resize(spec.modes);
  for (int k = 0; k < spec.modes; ++k)
    m.weights(k) = spec.modes == 1 ? 1 : std::pow(spec.weight_ratio, -double(k) / (spec.modes - 1));
  m.weights /= m.weights.sum();
  return m;
}

LabelledSamples sample(const Mixture& mixture, int n, std::mt19937_64& rng) {
  LabelledSamples s{Eigen::MatrixXd(n, mixture.dim()), std::vector<int>(n)};
  for (int i = 0; i < n; ++i) {
    double u = nn::uniform01(rng);
    int k = 0;
    while (k + 1 < mixture.modes() && u >= mixture.weights(k)) u -= mixture.weights(k++);
    s.mode[i] = k;
    for (int j = 0; j < mixture.dim(); ++j)
      s.x(i, j) = mixture.means(k, j) + mixture.sd * nn::standard_normal(rng);
  }
  return s;
}

Eigen::VectorXd log_density(const Mixture& mixture, const Eigen::MatrixXd& x) {
  const double log_norm =
      -0.5 * mixture.dim() * std::log(2 * std::numbers::pi * mixture.sd * mixture.sd);
  Eigen::VectorXd out(x.rows());
  Eigen::VectorXd terms(mixture.modes());
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    for (int k = 0; k < mixture.modes(); ++k)
      terms(k) = std::log(mixture.weights(k)) -
                 (x.row(i) - mixture.means.row(k)).squaredNorm() / (2 * mixture.sd * mixture.sd);
    const double top = terms.maxCoeff();
    out(i) = log_norm + top + std::log((terms.array() - top).exp().sum());
  }
  return out;
}

}  // namespace assay::lowrank_collapse
