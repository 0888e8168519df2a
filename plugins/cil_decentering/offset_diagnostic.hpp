// The paper's falsifiable diagnostic on one trained pair of heads: the sequential - joint
// cross-task offsets of every class pair, how far they are from being identical within each
// task block, and how far from the closed form Sigma^-1(mean^(j) - mean^(i)), with the
// training set's pooled estimates and, when given, with the true means and covariance.
#pragma once

#include <Eigen/Core>
#include <optional>
#include <vector>

#include "decentering.hpp"
#include "incremental_training.hpp"
#include "linear_head.hpp"

namespace assay::cil_decentering {

struct OffsetDiagnostic {
  std::vector<ClassPair> pairs;                 // cross-task pairs i < j
  Eigen::MatrixXd offsets;                      // row p: fitted offset of pairs[p]
  Eigen::VectorXd estimated_closed_form_norms;  // |plug-in closed form| per pair
  // NaN when there are no cross-task pairs (one task), or no population for the last one.
  double dispersion = 0, error_estimated = 0, error_population = 0;
};

OffsetDiagnostic offset_diagnostic(const LinearHead& sequential, const LinearHead& joint,
                                   const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                                   const Eigen::VectorXi& class_task,
                                   const std::optional<GaussianEstimate>& population);

}  // namespace assay::cil_decentering
