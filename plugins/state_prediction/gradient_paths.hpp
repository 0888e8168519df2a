// The two jobs of a prediction position's hidden state, seen through its gradient: its own
// next-character loss pulls it one way, the losses of later positions (which read it through
// attention) another. For window b and prediction position j, at a site h of the stream:
//   own_{b,j}    = d loss_{b,j} / d h_{b,j}
//   future_{b,j} = sum_{k > j} d loss_{b,k} / d h_{b,j}
// with loss_{b,k} the cross-entropy [nats] of window b's prediction of x_{k+1}. Both come from
// one backward pass per k (the loss of column k summed over windows), which is exact: windows do
// not interact and column k's loss reaches only rows <= k. Per window, the mean over j < T - 1 of
// cos(own, future) and of |future| / |own|; the interval is over windows.
//
// In the standard arm the prediction position is the state position x_j; in the interleaved arms
// it is r_j, which nothing reads in the separated arm (future = 0: the conflict is gone) and which
// later states read in the pause control.
#pragma once

#include <string>
#include <vector>

#include "interleaved_lm.hpp"
#include "mean_interval.hpp"

namespace assay::state_prediction {

// The two gradients at one site, row b * T + j for window b and prediction position j.
struct SiteGradients {
  std::string site;  // "input" (the stream entering block 0) or "block<l>.attn_in"
  nn::Mat<double> own, future;
};

std::vector<SiteGradients> own_and_future_gradients(InterleavedLm& model,
                                                    const std::vector<int>& inputs,
                                                    const std::vector<int>& targets,
                                                    nn::Index batch);

struct GradientPaths {
  std::string site;
  MeanCi cosine;      // cos(own, future); NaN when no future gradient reaches the site
  MeanCi norm_ratio;  // |future| / |own|
};

GradientPaths summarise(const SiteGradients& g, nn::Index batch);

// One entry per site, from `batch` windows.
std::vector<GradientPaths> gradient_paths(InterleavedLm& model, const std::vector<int>& inputs,
                                          const std::vector<int>& targets, nn::Index batch);

}  // namespace assay::state_prediction
