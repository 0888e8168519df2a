// One cross-generator detection experiment: the source images split by index into a detector
// training part and an evaluation part; the detector trains on the training part's reals and
// the training generators' fakes of them (optionally only fakes of some classes: the semantic
// shortcut), and is scored on the held-out generators' fakes of the evaluation part.
#pragma once

#include <vector>

#include "detector_training.hpp"
#include "held_out_evaluation.hpp"

namespace assay::aigi_artifacts {

struct DetectionSetup {
  std::vector<int> train_generators;  // family indices
  std::vector<int> held_out;          // family indices
  // Classes whose fakes the detector sees in training; empty: all (no shortcut). Reals are
  // always of every class, so a non-empty subset makes "class outside it" a cue for "real".
  std::vector<int> shortcut_classes;
  DetectorTraining training;
  double train_share = 0.5;  // leading share of the sources for detector training
};

struct DetectionResult {
  HeldOutEvaluation held_out;
  std::vector<double> loss;  // per step
};

// fakes[g]: generator g's reconstructions of `sources`, row for row (all family members that
// the setup names must be present).
DetectionResult run_detection(const nn::Matrix& sources, const std::vector<int>& classes,
                              const std::vector<nn::Matrix>& fakes, const DetectionSetup& setup,
                              nn::Rng& rng);

// The fixed semantic-shortcut subset: T-shirt/top, Trouser, Pullover, Dress, Coat.
std::vector<int> shortcut_subset();

}  // namespace assay::aigi_artifacts
