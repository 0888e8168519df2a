// SA-AFL-lite, our reading of SA-AFL (no public code exists). Two additions to the baseline's
// loss, both on the 64 pooled features f:
//  - semantic disentangling: a linear class adversary predicts the image's Fashion-MNIST class
//    from gradient_reversal(f), so the features are pushed to carry no class information (the
//    semantic shortcut) while the adversary tries to read it. It predicts the class within the
//    image's real/fake group (a softmax over that group's ten logits): when fakes come from some
//    classes only, an unconditioned adversary would read the class from fake-ness itself and
//    the reversal would erase the artifact along with the semantics;
//  - self-adversarial balancing: the channels the detector leans on most in this batch (largest
//    mean |f_c * dL/df_c|, the first-order loss change of removing channel c) are zeroed, and
//    the head must still classify the masked features, so no single artifact dimension carries
//    the decision.
#pragma once

#include "detector.hpp"

namespace assay::aigi_artifacts {

// Per channel, mean over rows of |f_bc * w_c * (sigmoid(z_b) - y_b)|: |f * dBCE/df| of a linear
// head w on logits z with targets y.
Eigen::VectorXd channel_importance(const nn::Matrix& features, const nn::Matrix& head_weight,
                                   const nn::Matrix& logits, const nn::Matrix& targets);
// A (1 x channels) mask of ones with zeros at the k largest entries of `importance`.
nn::Matrix mask_top_channels(const Eigen::VectorXd& importance, int k);

}  // namespace assay::aigi_artifacts
