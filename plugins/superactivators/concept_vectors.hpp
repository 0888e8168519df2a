// Concept vectors of one layer from labelled token states, in the kinds the paper compares, and
// a token's activation of a concept (the largest over the vector's directions).
//   mean_difference   mean of in-concept tokens minus mean of out-of-concept tokens
//   linear_separator  the weight of a class-balanced, ridge-regularised logistic regression
//   kmeans            k-means on the in-concept tokens; each centroid minus the out mean
//   kmeans_separator  one logistic separator per k-means cluster against all out tokens
// Activations: cosine of the token with a direction, or signed distance to the direction's
// hyperplane (through the midpoint of the two means for the centroid kinds, the fitted bias
// for the separators).
#pragma once

#include <Eigen/Dense>
#include <random>
#include <string>
#include <vector>

namespace assay::superactivators {

enum class VectorKind { mean_difference, linear_separator, kmeans, kmeans_separator };
enum class Activation { cosine, signed_distance };
std::string kind_name(VectorKind kind);
std::string activation_name(Activation activation);

struct ConceptVector {
  Eigen::MatrixXd directions;  // k x dim
  Eigen::VectorXd offsets;     // k: activation x . d + offset is the unnormalised distance
};

struct VectorOptions {
  VectorKind kind = VectorKind::mean_difference;
  int clusters = 3;     // k-means kinds
  double ridge = 1e-2;  // logistic regression's L2 penalty per token
  int iterations = 25;  // Newton steps, k-means steps
};

// labels: 1 in concept, 0 out, anything else ignored; one per row of `states`.
ConceptVector fit_concept_vector(const Eigen::MatrixXf& states, const Eigen::VectorXi& labels,
                                 const VectorOptions& options, std::mt19937_64& rng);

Eigen::VectorXd concept_activations(const ConceptVector& vector, const Eigen::MatrixXf& states,
                                    Activation activation);

}  // namespace assay::superactivators
