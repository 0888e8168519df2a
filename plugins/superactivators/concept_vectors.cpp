#include "concept_vectors.hpp"

#include <stdexcept>

namespace assay::superactivators {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

MatrixXd rows_with(const Eigen::MatrixXf& states, const Eigen::VectorXi& labels, int label) {
  std::vector<Eigen::Index> rows;
  for (Eigen::Index i = 0; i < labels.size(); ++i)
    if (labels(i) == label) rows.push_back(i);
  if (rows.empty())
    throw std::invalid_argument("concept vector: no token labelled " + std::to_string(label));
  return states(rows, Eigen::all).cast<double>();
}

// Newton's method on the class-balanced logistic loss plus ridge / 2 |w|^2 (bias free).
std::pair<VectorXd, double> logistic_separator(const MatrixXd& in, const MatrixXd& out,
                                               double ridge, int iterations) {
  const Eigen::Index d = in.cols();
  MatrixXd x(in.rows() + out.rows(), d + 1);
  x << in, VectorXd::Ones(in.rows()), out, VectorXd::Ones(out.rows());
  VectorXd y(x.rows()), weight(x.rows());
  y << VectorXd::Ones(in.rows()), VectorXd::Zero(out.rows());
  weight << VectorXd::Constant(in.rows(), 0.5 / in.rows()),
      VectorXd::Constant(out.rows(), 0.5 / out.rows());
  VectorXd w = VectorXd::Zero(d + 1);
  MatrixXd penalty = MatrixXd::Identity(d + 1, d + 1) * ridge;
  penalty(d, d) = 1e-9;
  for (int it = 0; it < iterations; ++it) {
    const VectorXd prob = (1.0 / (1.0 + (-(x * w)).array().exp())).matrix();
    const VectorXd g = x.transpose() * (weight.array() * (prob - y).array()).matrix() + penalty * w;
    const VectorXd curvature = weight.array() * prob.array() * (1 - prob.array());
    const MatrixXd h = x.transpose() * curvature.asDiagonal() * x + penalty;
    const VectorXd step = h.ldlt().solve(g);
    w -= step;
    if (step.norm() < 1e-8) break;
  }
  return {w.head(d), w(d)};
}

// Lloyd's algorithm from a k-means++ start; returns the centroids (k x dim).
MatrixXd kmeans(const MatrixXd& x, int k, int iterations, std::mt19937_64& rng) {
  k = std::min<int>(k, static_cast<int>(x.rows()));
  MatrixXd c(k, x.cols());
  c.row(0) = x.row(std::uniform_int_distribution<Eigen::Index>(0, x.rows() - 1)(rng));
  VectorXd nearest = (x.rowwise() - c.row(0)).rowwise().squaredNorm();
  for (int j = 1; j < k; ++j) {
    std::discrete_distribution<Eigen::Index> pick(nearest.data(), nearest.data() + nearest.size());
    c.row(j) = x.row(pick(rng));
    nearest = nearest.cwiseMin((x.rowwise() - c.row(j)).rowwise().squaredNorm());
  }
  Eigen::VectorXi owner(x.rows());
  for (int it = 0; it < iterations; ++it) {
    for (Eigen::Index i = 0; i < x.rows(); ++i)
      (c.rowwise() - x.row(i)).rowwise().squaredNorm().minCoeff(&owner(i));
    MatrixXd sum = MatrixXd::Zero(k, x.cols());
    VectorXd n = VectorXd::Zero(k);
    for (Eigen::Index i = 0; i < x.rows(); ++i) sum.row(owner(i)) += x.row(i), n(owner(i)) += 1;
    for (int j = 0; j < k; ++j)
      if (n(j) > 0) c.row(j) = sum.row(j) / n(j);
  }
  return c;
}

std::vector<Eigen::Index> nearest_centroid(const MatrixXd& x, const MatrixXd& c, int j) {
  std::vector<Eigen::Index> rows;
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    Eigen::Index best = 0;
    (c.rowwise() - x.row(i)).rowwise().squaredNorm().minCoeff(&best);
    if (best == j) rows.push_back(i);
  }
  return rows;
}

}  // namespace

std::string kind_name(VectorKind kind) {
  switch (kind) {
    case VectorKind::mean_difference:
      return "mean_difference";
    case VectorKind::linear_separator:
      return "linear_separator";
    case VectorKind::kmeans:
      return "kmeans";
    case VectorKind::kmeans_separator:
      return "kmeans_separator";
  }
  return "?";
}

std::string activation_name(Activation a) {
  return a == Activation::cosine ? "cosine" : "signed_distance";
}

ConceptVector fit_concept_vector(const Eigen::MatrixXf& states, const Eigen::VectorXi& labels,
                                 const VectorOptions& o, std::mt19937_64& rng) {
  const MatrixXd in = rows_with(states, labels, 1), out = rows_with(states, labels, 0);
  const VectorXd out_mean = out.colwise().mean();
  std::vector<VectorXd> centres;
  if (o.kind == VectorKind::mean_difference || o.kind == VectorKind::linear_separator) {
    centres.push_back(in.colwise().mean());
  } else {
    const MatrixXd c = kmeans(in, o.clusters, o.iterations, rng);
    for (Eigen::Index j = 0; j < c.rows(); ++j) centres.push_back(c.row(j).transpose());
  }
  const bool separator =
      o.kind == VectorKind::linear_separator || o.kind == VectorKind::kmeans_separator;
  ConceptVector v{MatrixXd(centres.size(), in.cols()), VectorXd(centres.size())};
  for (std::size_t j = 0; j < centres.size(); ++j) {
    const VectorXd d = centres[j] - out_mean;
    v.directions.row(j) = d.transpose();
    v.offsets(j) = -d.dot((centres[j] + out_mean) / 2);
  }
  if (separator) {
    MatrixXd c(centres.size(), in.cols());
    for (std::size_t j = 0; j < centres.size(); ++j) c.row(j) = centres[j].transpose();
    for (std::size_t j = 0; j < centres.size(); ++j) {
      const MatrixXd cluster =
          o.kind == VectorKind::kmeans_separator
              ? MatrixXd(in(nearest_centroid(in, c, static_cast<int>(j)), Eigen::all))
              : in;
      if (cluster.rows() == 0) continue;  // an empty cluster keeps its centroid direction
      const auto [w, b] = logistic_separator(cluster, out, o.ridge, o.iterations);
      v.directions.row(j) = w.transpose();
      v.offsets(j) = b;
    }
  }
  return v;
}

Eigen::VectorXd concept_activations(const ConceptVector& v, const Eigen::MatrixXf& states,
                                    Activation activation) {
  const MatrixXd x = states.cast<double>();
  MatrixXd a = x * v.directions.transpose();  // tokens x k
  const VectorXd norms = v.directions.rowwise().norm();
  if (activation == Activation::cosine) {
    const VectorXd token_norms = x.rowwise().norm().cwiseMax(1e-12);
    a = token_norms.cwiseInverse().asDiagonal() * a *
        norms.cwiseMax(1e-12).cwiseInverse().asDiagonal();
  } else {
    a = (a.rowwise() + v.offsets.transpose()) * norms.cwiseMax(1e-12).cwiseInverse().asDiagonal();
  }
  return a.rowwise().maxCoeff();
}

}  // namespace assay::superactivators
