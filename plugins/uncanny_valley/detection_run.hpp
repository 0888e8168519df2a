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

// Pretraining alone (the part a sweep over the task's params shares): a fresh model trained on
// the pretraining documents with a fraction options.f of their words letter-spaced.
struct Pretrained {
  nn::Checkpoint<float> model;
  nn::LossTable losses;
};
Pretrained pretrain_detection(const std::vector<std::string>& documents, const Encoder& encode,
                              std::int64_t vocab, std::int64_t end_of_document,
                              const DetectionOptions& options, std::mt19937_64& rng,
                              const Progress& progress = {});

// The needle task on a pretrained model: training on clean examples, then F1 at every rate.
struct TaskRun {
  nn::LossTable needles;
  std::vector<RatePredictions> rates;
};
TaskRun run_task(const nn::Checkpoint<float>& pretrained, const DetectionData& data,
                 const DetectionOptions& options, std::mt19937_64& rng,
                 const Progress& progress = {});

// Both, as the checks run them.
struct DetectionRun {
  nn::LossTable pretraining, needles;
  std::vector<RatePredictions> rates;
};
DetectionRun run_detection(const DetectionData& data, const DetectionOptions& options,
                           std::mt19937_64& rng, const Progress& progress = {});

}  // namespace assay::uncanny_valley
