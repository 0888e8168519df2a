// The paper's checkable claims at check scale, measured by this folder's code on real
// Fashion-MNIST images: the study of artifact_study.hpp (16 generators trained here, detectors
// trained on tconv-wide-sigmoid, 15 held out, 3 seeds), computed once per check seed and shared
// by all claims.
#pragma once

#include <assay/check.hpp>
#include <cstdint>
#include <vector>

#include "artifact_study.hpp"

namespace assay::aigi_artifacts {

// The check-scale study: images read, scale, and the seed's study (computed on first use).
const Study& check_study(std::uint64_t seed);

std::vector<Claim> paper_claims();

}  // namespace assay::aigi_artifacts
