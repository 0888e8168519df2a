// Bit-Mask Tuning: adapting a model only by deleting weights of its gate projections.
//
// Each gate weight W gets a real score s (initialised positive, so nothing is deleted at
// first) and acts as W' = W ⊙ M with the mask M = 1[s > 0]. The step function has no useful
// derivative, so the scores learn through the straight-through estimator: the backward pass
// treats M as if it were s, giving dL/ds = dL/dW' ⊙ W — the derivative of the loss in a
// continuous relaxation of the mask, at the current mask. After every optimiser step the
// scores are projected back onto the deletion budget: at most k scores may be <= 0.
#pragma once

#include <assay/nn/gpt.hpp>
#include <vector>

namespace assay::bitmask_tuning {

// W ⊙ 1[s > 0], whose gradient reaches s as dL/dW' ⊙ W (W's own gradient, if it is not
// frozen, is dL/dW' ⊙ M).
template <class T>
nn::Var<T> bit_masked_weight(nn::Var<T> weight, nn::Var<T> scores);

// Freezes every parameter of the model, then puts "<gate>.scores" (all `init`) beside the
// weight of each gate projection and makes the gate use W ⊙ 1[s > 0]. Returns the scores in
// layer order (the only trainable parameters afterwards).
std::vector<nn::Parameter<float>*> install_bit_mask(nn::Gpt<float>& gpt,
                                                    nn::ParameterSet<float>& params, float init);

// The Euclidean projection onto {at most k entries <= 0} over all the matrices together (in
// the limit of `floor` -> 0+): the k lowest nonpositive entries stay (ties: earlier matrix,
// then lower row-major index) and the other nonpositive ones become `floor` > 0. Returns the
// number of nonpositive entries afterwards, min(k, how many there were).
template <class T>
nn::Index project_deletion_budget(const std::vector<nn::Mat<T>*>& scores, nn::Index k, T floor);

// round(rho * weights): the deletion budget rho as a count.
nn::Index deletion_budget(double rho, nn::Index weights);

}  // namespace assay::bitmask_tuning
