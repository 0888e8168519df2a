// The image arm's analysis, step by step as the pipeline nodes run it, and end to end as the
// claims run it: concept vectors per layer from one set of scenes, then on held-out scenes the
// tail fractions, the detection comparison and the heads' amplification with ablation.
#pragma once

#include <vector>

#include "amplification.hpp"
#include "concept_detection.hpp"
#include "concept_vectors.hpp"
#include "scene_concepts.hpp"
#include "statistics.hpp"
#include "vit_training.hpp"

namespace assay::superactivators {

// A model's view of a set of scenes: its token states and the concept labels.
struct SceneView {
  TokenStates states;
  ConceptSet concepts;
};
SceneView view_scenes(const Vit& model, const stdlib::Scenes& scenes, double min_coverage,
                      const std::vector<HeadId>& ablated = {});

using LayerVectors = std::vector<std::vector<ConceptVector>>;  // [layer][concept]
LayerVectors fit_layer_vectors(const SceneView& fit, const VectorOptions& options,
                               std::mt19937_64& rng);
// [layer][concept] activations of every token.
std::vector<std::vector<Eigen::VectorXd>> layer_activations(const LayerVectors& vectors,
                                                            const SceneView& view,
                                                            Activation activation);

struct StudyOptions {
  VitShape shape;
  TrainOptions train;
  int train_images = 2048, fit_images = 256, calibration_images = 256, test_images = 256;
  double min_coverage = 0.5;
  VectorOptions vectors;
  Activation activation = Activation::cosine;
  int resamples = 400;
};

struct StudyResult {
  double test_accuracy = 0;
  std::vector<std::string> concepts;
  std::vector<bool> context;
  std::vector<std::vector<double>> tail;  // [layer][concept] on test scenes
  Interval context_tail_growth;           // mean over context concepts of tail(last) - tail(0)
  std::vector<Detection> detection;       // per concept, at the last layer
  int best_baseline = 0;                  // the Aggregator of the best mean test F1
  Interval f1_gain;                       // SuperActivator - best baseline, bootstrap over concepts
  std::vector<double> mean_curve;         // mean test F1 over concepts per p
  double peak_p = 0;                      // argmax of mean_curve
  std::vector<double> aligned_slopes;     // slope_in of each context concept's aligned heads
  Interval aligned_slope;                 // t interval over them
  std::vector<double> tail_intact, tail_aligned_ablated,
      tail_control_ablated;  // per context concept
  Interval ablation_effect;  // mean over context concepts of (control - aligned) ablated tails,
                             // bootstrap over test images
};

StudyResult run_scene_study(const StudyOptions& options, std::uint64_t seed);

}  // namespace assay::superactivators
