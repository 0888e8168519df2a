// The concepts of procedural scenes, per patch token and per image, from stdlib's per-patch
// coverage: six colours (local: a single patch shows its colour, so they are readable from the
// embedding) and three shapes (context: inside an object every 4x4 patch is a flat colour, so a
// patch's shape is only known from its neighbours).
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "procedural_scenes.hpp"

namespace assay::superactivators {

struct ConceptSet {
  std::vector<std::string> names;
  std::vector<bool> context;  // true: needs context (shape); false: local (colour)
  // (tokens x concepts): 1 in concept (coverage >= min_coverage), 0 out (coverage 0), -1 neither
  Eigen::MatrixXi token;
  Eigen::MatrixXi image;  // (images x concepts): 1 if any of the image's tokens is in concept
  int tokens_per_image = 0;
  int count() const { return static_cast<int>(names.size()); }
};

ConceptSet scene_concepts(const stdlib::Scenes& scenes, double min_coverage);

// The training label: the shape covering the most pixels of the image (ties: the first).
std::vector<int> majority_shape(const stdlib::Scenes& scenes);

}  // namespace assay::superactivators
