// The automated explainer: for one weight, the conjunction of at most two conditions of the
// fixed language whose tokens best match the tokens where the weight matters most, fitted on
// one split and scored on another. It sees the per-token importances and the text's latents,
// never the network.
//
// Definitions. On a split, the weight's positive tokens (where it matters) are those whose
// importance exceeds its mean importance over the split's tokens. The fit picks the conjunction of
// largest F1 against the fit split's positives (ties: the earlier candidate, so the shorter). On
// the held-out split: F1 against its positives, and coverage = the share of the weight's held-out
// importance on tokens where the conjunction holds. The null: the same fit and scoring after
// each split's importances are permuted over its tokens (one permutation per weight); the
// threshold is the null F1s' `null_quantile`. A weight is interpretable when its held-out F1
// exceeds the threshold and its coverage is at least `min_coverage`.
#pragma once

#include <Eigen/Core>
#include <assay/nn/matrix.hpp>
#include <vector>

#include "condition_language.hpp"

namespace assay::sparse_weights {

struct ExplainerOptions {
  double min_coverage = 0.5;
  double null_quantile = 0.95;
};

struct Explanation {
  Conjunction conjunction;
  double fit_f1 = 0, heldout_f1 = 0, coverage = 0;
  std::size_t positives = 0;  // fit split
  bool interpretable = false;
};

// The positives of one split (see above); empty when the weight never matters there.
TokenSet above_mean_tokens(const Eigen::VectorXf& importance);

// Fit on one split, score on the other (no interpretability verdict).
Explanation explain(const Eigen::VectorXf& fit, const Eigen::VectorXf& heldout,
                    const Candidates& fit_candidates, const std::vector<TokenSet>& heldout_atoms,
                    const ExplainerOptions& options);

struct ExplainerResult {
  std::vector<Explanation> weights;
  std::vector<double> null_f1;  // held-out F1 of each weight's shuffled fit
  double threshold = 0;
  double interpretable_fraction = 0;
  double mean_f1 = 0, mean_null_f1 = 0;
};

// Every row of the importance matrices (weights x tokens of that split), with its null.
ExplainerResult explain_weights(const Eigen::MatrixXf& fit, const Eigen::MatrixXf& heldout,
                                const std::vector<CodeLatents>& fit_latents,
                                const std::vector<CodeLatents>& heldout_latents,
                                const ExplainerOptions& options, nn::Rng& rng);

}  // namespace assay::sparse_weights
