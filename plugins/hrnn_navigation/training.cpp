#include "training.hpp"

#include <assay/nn/ops.hpp>
#include <assay/nn/optim.hpp>
#include <cmath>

namespace assay::hrnn_navigation {

Task make_task(const Architecture& a, const WalkOptions& walk, double place_sigma, double surround,
               double kappa, std::mt19937_64& rng) {
  return {walk, HeadDirectionCells{a.hd_cells, kappa},
          random_place_cells(a.place_cells, walk.box, place_sigma, surround, rng)};
}

Trained train(const Architecture& a, const Task& task, const TrainOptions& o, std::mt19937_64& rng,
              const std::function<void(double)>& progress) {
  const Weights mask = connectivity_mask(a);
  const Weights init = initial_weights(a, rng);
  nn::ParameterSet<float> params;
  auto& input = params.add("input", init.input);
  auto& recurrent = params.add("recurrent", init.recurrent);
  auto& start = params.add("init", init.init);
  auto& readout = params.add("readout", init.readout);
  nn::AdamOptions adam;
  adam.lr = o.lr;
  nn::Adam<float> optimiser(params, adam);
  Trained out;
  nn::Tape<float> tape;
  for (int step = 0; step < o.steps; ++step) {
    const Batch batch = make_batch(random_walks(task.walk, o.batch, o.horizon, rng), task.walk,
                                   task.hd, task.place);
    tape.clear();
    const auto masked = [&](nn::Parameter<float>& p, const FloatMatrix& m) {
      return nn::mul(tape.param(p), tape.constant(m));
    };
    const WeightVars w{masked(input, mask.input), masked(recurrent, mask.recurrent),
                       masked(start, mask.init), masked(readout, mask.readout)};
    const auto l =
        loss(forward(w, batch), batch, w, a.hd_cells, static_cast<float>(o.weight_decay));
    optimiser.zero_grad();
    tape.backward(l);
    optimiser.step();
    out.loss.push_back(l.item());
    if (progress) progress(double(step + 1) / o.steps);
  }
  out.weights = {input.value.cwiseProduct(mask.input), recurrent.value.cwiseProduct(mask.recurrent),
                 start.value.cwiseProduct(mask.init), readout.value.cwiseProduct(mask.readout)};
  return out;
}

Evaluation evaluate(const Weights& w, const Task& task, const Walks& walks) {
  const Batch batch = make_batch(walks, task.walk, task.hd, task.place);
  nn::Tape<float> tape;
  nn::NoGradScope<float> no_grad(tape);
  const WeightVars vars{tape.constant(w.input), tape.constant(w.recurrent), tape.constant(w.init),
                        tape.constant(w.readout)};
  const Forward f = forward(vars, batch);
  const int hd = task.hd.cells;
  const RowMatrix logits = f.logits.value().cast<double>();
  const Eigen::MatrixXd xy = decode_position(task.place, logits.rightCols(logits.cols() - hd));
  const Eigen::VectorXd heading = decode_heading(task.hd, logits.leftCols(hd));
  Evaluation e;
  e.states = f.states.value().cast<double>();
  e.position_error = Eigen::VectorXd::Zero(batch.steps);
  e.heading_error = Eigen::VectorXd::Zero(batch.steps);
  for (int t = 0; t < batch.steps; ++t)
    for (int i = 0; i < batch.batch; ++i) {
      const Eigen::Index r = Eigen::Index(t) * batch.batch + i;
      e.position_error(t) += std::hypot(xy(r, 0) - walks.x(i, t + 1), xy(r, 1) - walks.y(i, t + 1));
      e.heading_error(t) += std::abs(wrap_angle(heading(r) - walks.heading(i, t + 1)));
    }
  e.position_error /= batch.batch;
  e.heading_error /= batch.batch;
  return e;
}

double mean_over_steps(const Eigen::VectorXd& v, int from, int to) {
  return v.segment(from, to - from).mean();
}

}  // namespace assay::hrnn_navigation
