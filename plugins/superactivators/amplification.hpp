// Whether attention heads amplify a concept's activation gaps. For block l, the concept
// direction u is the unit mean difference (in minus out tokens) of the block's output states;
// a token's prior activation is its input state's projection on u, and a head's change is the
// projection of the head's write into the residual stream on u.
//   alignment  cosine of (mean write of in tokens - mean write of out tokens) with u
//   slope_in   least-squares slope of the change against the prior activation over in-concept
//              tokens: > 0 means tokens that already activate most are pushed furthest
//   slope_all  the same over in- and out-of-concept tokens
#pragma once

#include <Eigen/Dense>
#include <random>
#include <vector>

#include "vit_model.hpp"

namespace assay::superactivators {

struct HeadAmplification {
  int block = 0, head = 0;
  double alignment = 0, slope_in = 0, slope_all = 0;
};

std::vector<HeadAmplification> head_amplification(const TokenStates& states,
                                                  const Eigen::VectorXi& labels);

// Per block, the head of the largest positive alignment (none when no head aligns).
std::vector<HeadId> aligned_heads(const std::vector<HeadAmplification>& heads);
// As many heads as `aligned`, one per same block, drawn uniformly from that block's others.
std::vector<HeadId> control_heads(const std::vector<HeadId>& aligned, int heads_per_block,
                                  std::mt19937_64& rng);

}  // namespace assay::superactivators
