// Target Linearity: how much of the (centred, one-hot) target a linear map of the features
// explains, and the effective rank of the features.
#pragma once

#include <Eigen/Core>
#include <vector>

namespace assay::feature_learning {

// TL(H) = 1 - ||Y_c - P_H Y_c||^2 / ||Y_c||^2, Y_c the column-centred one-hot targets and P_H
// the orthogonal projection onto the column space of the column-centred features H_c
// (P_H = H_c (H_cᵀH_c)⁺ H_cᵀ), i.e. the R^2 of least squares with an intercept.
// 1 when the targets are an affine function of the features; 0 when orthogonal to them.
double target_linearity(const Eigen::MatrixXd& features, const std::vector<int>& labels,
                        int classes);

// exp(entropy of the normalised singular values) of the centred features (Roy & Vetterli).
double feature_effective_rank(const Eigen::MatrixXd& features);

}  // namespace assay::feature_learning
