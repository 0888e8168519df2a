// The two path-integrating networks, both ReLU RNNs without bias (Sorscher et al.) over the
// same inputs, angular velocity and speed, and with the same readouts, von Mises
// head-direction cells and DoG place cells:
//  - hierarchical: angular module A (units 0..size_a) takes angular velocity and feeds the
//    positional module P (the rest), which takes speed and A's state, never the heading; the
//    head-direction readout and A's initial state see A only, the place readout and P's
//    initial state P only. Written as one RNN whose weights are masked to that block pattern.
//  - flat: one RNN of size_a + size_p units, every connection allowed.
#pragma once

#include <assay/nn/matrix.hpp>
#include <assay/nn/tape.hpp>
#include <vector>

#include "population_codes.hpp"
#include "trajectories.hpp"

namespace assay::hrnn_navigation {

using FloatMatrix = nn::Mat<float>;

struct Architecture {
  bool hierarchical = true;
  int size_a = 32;
  int size_p = 64;
  int hd_cells = 32;
  int place_cells = 128;
  int units() const { return size_a + size_p; }
  int codes() const { return hd_cells + place_cells; }
};

// input: units x 2 (angular velocity, speed); recurrent: units x units; init: units x codes
// (the initial state from the code of the start pose); readout: codes x units, head-direction
// logits first, then place logits.
struct Weights {
  FloatMatrix input, recurrent, init, readout;
};

Weights connectivity_mask(const Architecture& a);
// torch-style U(-1/sqrt(fan_in), 1/sqrt(fan_in)), masked.
Weights initial_weights(const Architecture& a, std::mt19937_64& rng);
// The weights with the listed units silenced: their incoming weights are zeroed, so (ReLU, no
// bias) their activity is 0 at every step.
Weights silenced(Weights w, const std::vector<int>& units);

// A batch of walks as the networks see it; rows are time-major (row t * batch + b).
struct Batch {
  int batch = 0, steps = 0;
  FloatMatrix inputs;         // (steps * batch) x 2: angular velocity / rotation_sigma,
                              // speed / speed_scale
  FloatMatrix start;          // batch x codes: the code of the start pose
  FloatMatrix hd_targets;     // (steps * batch) x hd_cells
  FloatMatrix place_targets;  // (steps * batch) x place_cells
};
Batch make_batch(const Walks& walks, const WalkOptions& options, const HeadDirectionCells& hd,
                 const PlaceCells& place);

struct WeightVars {
  nn::Var<float> input, recurrent, init, readout;
};
struct Forward {
  nn::Var<float> states;  // (steps * batch) x units
  nn::Var<float> logits;  // (steps * batch) x codes
};
Forward forward(const WeightVars& w, const Batch& batch);
// Cross-entropy of both readouts plus weight_decay * ||recurrent||^2.
nn::Var<float> loss(const Forward& f, const Batch& batch, const WeightVars& w, int hd_cells,
                    float weight_decay);

}  // namespace assay::hrnn_navigation
