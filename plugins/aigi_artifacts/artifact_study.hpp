// The whole study at one scale: the generator family, its descriptors and attribution, and
// per seed the four detectors {baseline, SA-AFL-lite} x {no shortcut, shortcut} trained on the
// training generators and scored on the held-out ones. The claims read their figures from it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "attribution.hpp"
#include "detection_experiment.hpp"
#include "generator_samples.hpp"

namespace assay::aigi_artifacts {

struct StudyScale {
  AutoencoderTraining generators{.steps = 100, .batch = 32};
  DetectorTraining detector{.steps = 150, .batch = 32};
  int seeds = 3;
  std::string train_generators = "tconv-wide-sigmoid";
};

struct SeedRuns {
  DetectionResult baseline, sa_afl, baseline_shortcut, sa_afl_shortcut;
};

struct Study {
  GeneratorSamples generators;
  std::vector<Eigen::MatrixXd> descriptors;  // per generator, of every source
  Attribution attribution;                   // fitted on the first half of the sources
  std::vector<int> train, held_out;
  // Per held-out generator: the smallest descriptor distance to a training generator.
  std::vector<double> distance;
  std::vector<SeedRuns> runs;
};

// Attribution of the family: each generator's descriptors of the first half of the sources
// fit, the second half score.
Attribution attribute_family(const std::vector<Eigen::MatrixXd>& descriptors,
                             const AttributionOptions& options);

Study run_study(const nn::Matrix& train_images, const nn::Matrix& sources,
                const std::vector<int>& classes, const StudyScale& scale, nn::Rng& rng,
                const std::function<void(const std::string&)>& log = {});

}  // namespace assay::aigi_artifacts
