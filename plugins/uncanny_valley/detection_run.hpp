// One detection experiment end to end: pretraining at letter-spacing fraction f, the clean needle
// task, and the F1 of the task at every fragmentation rate and perturbation.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "detection_lm.hpp"

namespace assay::uncanny_valley {

struct DetectionOptions {
  double f = 0.2;  // fraction of pretraining words fully letter-spaced
  ModelShape shape;
  TrainSchedule pretraining{.steps = 400, .batch = 16, .lr = 3e-3};
  TrainSchedule needles{.steps = 300, .batch = 16, .lr = 1e-3};
  std::vector<double> rates{0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1};
  std::vector<Perturbation> kinds{Perturbation::random, Perturbation::regular};
  int examples = 400;  // evaluation examples per rate (the same contents at every rate)
};

struct DetectionData {
  std::vector<std::string> pretraining_documents;
  NeedleSetup train, test;  // the needle task's training and evaluation material
  std::int64_t vocab = 0, end_of_document = 0;
};

struct DetectionRun {
  nn::LossTable pretraining, needles;
  std::vector<RatePredictions> rates;
};

DetectionRun run_detection(const DetectionData& data, const DetectionOptions& options,
                           std::mt19937_64& rng, const Progress& progress = {});

}  // namespace assay::uncanny_valley
