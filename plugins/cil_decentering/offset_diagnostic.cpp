#include "offset_diagnostic.hpp"

#include <limits>

namespace assay::cil_decentering {

OffsetDiagnostic offset_diagnostic(const LinearHead& sequential, const LinearHead& joint,
                                   const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                                   const Eigen::VectorXi& class_task,
                                   const std::optional<GaussianEstimate>& population) {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  OffsetDiagnostic d;
  d.pairs = cross_task_pairs(class_task);
  d.offsets = fitted_offsets(sequential, joint, d.pairs);
  const GaussianEstimate estimate =
      estimate_pooled_gaussian(features, labels, static_cast<int>(class_task.size()));
  const Eigen::MatrixXd closed =
      closed_form_offsets(estimate.means, estimate.sigma, class_task, d.pairs);
  d.estimated_closed_form_norms = closed.rowwise().norm();
  if (d.pairs.empty()) {
    d.dispersion = d.error_estimated = d.error_population = nan;
    return d;
  }
  d.dispersion = offset_dispersion(d.offsets, d.pairs, class_task);
  d.error_estimated = (d.offsets - closed).norm() / closed.norm();
  d.error_population = nan;
  if (population) {
    const Eigen::MatrixXd truth =
        closed_form_offsets(population->means, population->sigma, class_task, d.pairs);
    d.error_population = (d.offsets - truth).norm() / truth.norm();
  }
  return d;
}

}  // namespace assay::cil_decentering
