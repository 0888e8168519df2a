// Training the scene ViT on a task that never names the concepts studied: which shape covers
// most of the image (majority_shape). Colour is never a label, and shape only as an image-level
// majority, so a patch's shape is something the model may or may not come to represent.
#pragma once

#include <functional>

#include "procedural_scenes.hpp"
#include "vit_model.hpp"

namespace assay::superactivators {

struct TrainOptions {
  int steps = 300;
  int batch = 64;
  double lr = 3e-3;
  double warmup_fraction = 0.05;
  double weight_decay = 0.01;
};

struct TrainedVit {
  Vit model;
  double final_loss = 0;      // mean training loss of the last tenth of the steps
  double train_accuracy = 0;  // on the training scenes
  double test_accuracy = 0;   // on the held-out scenes
};

// Batches are drawn uniformly from the training scenes with `rng`, which also initialises.
TrainedVit train_vit(const VitShape& shape, const TrainOptions& options,
                     const stdlib::Scenes& train, const stdlib::Scenes& test, nn::Rng& rng,
                     const std::function<void(double)>& progress = {});

// Share of the scenes whose majority shape the model's argmax logit names.
double majority_shape_accuracy(const Vit& model, const stdlib::Scenes& scenes);

}  // namespace assay::superactivators
