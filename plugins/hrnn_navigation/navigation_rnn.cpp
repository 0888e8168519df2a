#include "navigation_rnn.hpp"

#include <assay/nn/ops.hpp>
#include <assay/nn/recurrent.hpp>
#include <cmath>

namespace assay::hrnn_navigation {

Weights connectivity_mask(const Architecture& a) {
  const int n = a.units();
  Weights m{FloatMatrix::Ones(n, 2), FloatMatrix::Ones(n, n), FloatMatrix::Ones(n, a.codes()),
            FloatMatrix::Ones(a.codes(), n)};
  if (!a.hierarchical) return m;
  const int na = a.size_a, np = a.size_p;
  m.input.block(0, 1, na, 1).setZero();        // A: no speed
  m.input.block(na, 0, np, 1).setZero();       // P: no angular velocity
  m.recurrent.block(0, na, na, np).setZero();  // nothing flows down from P to A
  m.init.block(0, a.hd_cells, na, a.place_cells).setZero();
  m.init.block(na, 0, np, a.hd_cells).setZero();
  m.readout.block(0, na, a.hd_cells, np).setZero();
  m.readout.block(a.hd_cells, 0, a.place_cells, na).setZero();
  return m;
}

namespace {

// U(-1/sqrt(k), 1/sqrt(k)) per row, k the number of allowed inputs of that row.
FloatMatrix masked_uniform(const FloatMatrix& mask, std::mt19937_64& rng) {
  FloatMatrix w(mask.rows(), mask.cols());
  for (nn::Index r = 0; r < mask.rows(); ++r) {
    const float bound = 1.0f / std::sqrt(std::max(1.0f, mask.row(r).sum()));
    for (nn::Index c = 0; c < mask.cols(); ++c)
      w(r, c) = mask(r, c) * bound * static_cast<float>(2 * nn::uniform01(rng) - 1);
  }
  return w;
}

}  // namespace

Weights initial_weights(const Architecture& a, std::mt19937_64& rng) {
  const Weights m = connectivity_mask(a);
  return {masked_uniform(m.input, rng), masked_uniform(m.recurrent, rng),
          masked_uniform(m.init, rng), masked_uniform(m.readout, rng)};
}

Weights silenced(Weights w, const std::vector<int>& units) {
  for (int u : units) {
    w.input.row(u).setZero();
    w.recurrent.row(u).setZero();
    w.init.row(u).setZero();
  }
  return w;
}

Batch make_batch(const Walks& walks, const WalkOptions& options, const HeadDirectionCells& hd,
                 const PlaceCells& place) {
  Batch b;
  b.batch = static_cast<int>(walks.speed.rows());
  b.steps = static_cast<int>(walks.speed.cols());
  const Eigen::Index rows = Eigen::Index(b.batch) * b.steps;
  b.inputs.resize(rows, 2);
  Eigen::VectorXd heading(rows), x(rows), y(rows);
  for (int t = 0; t < b.steps; ++t)
    for (int i = 0; i < b.batch; ++i) {
      const Eigen::Index r = Eigen::Index(t) * b.batch + i;
      b.inputs(r, 0) = static_cast<float>(walks.angular_velocity(i, t) / options.rotation_sigma);
      b.inputs(r, 1) = static_cast<float>(walks.speed(i, t) / options.speed_scale);
      heading(r) = walks.heading(i, t + 1);
      x(r) = walks.x(i, t + 1);
      y(r) = walks.y(i, t + 1);
    }
  b.hd_targets = heading_code(hd, heading).cast<float>();
  b.place_targets = place_code(place, x, y).cast<float>();
  b.start.resize(b.batch, hd.cells + place.centres.rows());
  // Each code scaled to mean 1 per cell, so the initial state is O(1) like the inputs' drive.
  b.start << heading_code(hd, walks.heading.col(0)).cast<float>() * float(hd.cells),
      place_code(place, walks.x.col(0), walks.y.col(0)).cast<float>() * float(place.centres.rows());
  return b;
}

Forward forward(const WeightVars& w, const Batch& batch) {
  nn::Tape<float>& tape = w.input.tape();
  const auto drive = nn::matmul_nt(tape.constant(batch.inputs), w.input);
  const auto h0 = nn::matmul_nt(tape.constant(batch.start), w.init);
  const auto states = nn::recurrence(drive, w.recurrent, h0, nn::Activation::relu, 1.0f);
  return {states, nn::matmul_nt(states, w.readout)};
}

nn::Var<float> loss(const Forward& f, const Batch& batch, const WeightVars& w, int hd_cells,
                    float weight_decay) {
  const auto hd = nn::slice_cols(f.logits, 0, hd_cells);
  const auto place = nn::slice_cols(f.logits, hd_cells, f.logits.cols() - hd_cells);
  const auto fit = nn::add(nn::soft_cross_entropy(hd, batch.hd_targets),
                           nn::soft_cross_entropy(place, batch.place_targets));
  return nn::add(fit, nn::scale(nn::sum(nn::square(w.recurrent)), weight_decay));
}

}  // namespace assay::hrnn_navigation
