// Training the detector: Adam on balanced batches (half real, half fake, drawn with
// replacement), the same batches and step count for the baseline and for SA-AFL-lite.
#pragma once

#include <vector>

#include "detector.hpp"

namespace assay::aigi_artifacts {

enum class DetectorMethod { baseline, sa_afl_lite };

struct DetectorTraining {
  DetectorMethod method = DetectorMethod::baseline;
  int steps = 300;
  int batch = 64;
  double lr = 1e-3;
  // Final gradient-reversal factor of the class adversary (ramped up from 0 over training).
  double adversary_weight = 1.0;
  int masked_channels = 8;  // channels the self-adversarial mask zeroes
};

// Returns the real/fake cross-entropy of each step (unmasked features).
std::vector<double> train_detector(Detector& detector, const DetectorData& data,
                                   const DetectorTraining& options, nn::Rng& rng);

}  // namespace assay::aigi_artifacts
