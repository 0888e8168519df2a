// The paper's checkable claims on the image arm at check scale, as `assay verify` runs them:
// one scene ViT (32x32 scenes, 4x4 patches, d64, 4 layers, 4 heads) trained 300 steps of 64
// scenes on majority shape, mean-difference concept vectors with cosine activations fitted per
// layer on 256 scenes, calibration and test on 256 scenes each.
#pragma once

#include <assay/check.hpp>
#include <vector>

namespace assay::superactivators {

std::vector<Claim> tail_claims();
std::vector<Claim> detection_claims();
std::vector<Claim> amplification_claims();

}  // namespace assay::superactivators
