// How an arm's weight change compares with full fine-tuning's, per gate matrix (definitions
// fixed before any run; README.md#delta-geometry):
//
// - effective rank of ΔW: exp of the entropy of its normalised singular values (Roy and
//   Vetterli 2007); the gap to full fine-tuning's is |erank(ΔW_arm) - erank(ΔW_full)|.
// - spectrum drift of an adapted matrix W0 + ΔW: ||σ(W0 + ΔW) - σ(W0)||_2 / ||σ(W0)||_2, σ the
//   descending singular values; the gap is |drift_arm - drift_full|.
// - top-1% principal-weight overlap: the principal weights of ΔW are its ceil(1% of entries)
//   entries of largest |ΔW| that are nonzero; the overlap is the fraction of the arm's
//   principal weights that are also full fine-tuning's (0 when ΔW_arm is zero; chance: 1%).
//
// Matrices of several layers are stacked by rows; each measure is the mean over layers.
#pragma once

#include <Eigen/Core>

namespace assay::bitmask_tuning {

struct DeltaGeometry {
  double effective_rank = 0, reference_effective_rank = 0, effective_rank_gap = 0;
  double spectrum_drift = 0, reference_spectrum_drift = 0, spectrum_drift_gap = 0;
  double principal_overlap = 0;
};

// base: W0; delta and reference: ΔW of the arm and of full fine-tuning; all (layers * rows x
// cols). Throws std::invalid_argument for shapes that differ or do not split into `layers`.
DeltaGeometry delta_geometry(const Eigen::MatrixXd& base, const Eigen::MatrixXd& delta,
                             const Eigen::MatrixXd& reference, int layers);

// The parts of the definitions, for tests.
double spectrum_drift(const Eigen::MatrixXd& base, const Eigen::MatrixXd& delta);
double principal_overlap(const Eigen::MatrixXd& delta, const Eigen::MatrixXd& reference,
                         double fraction = 0.01);

}  // namespace assay::bitmask_tuning
