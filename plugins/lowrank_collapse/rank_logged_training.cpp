#include "rank_logged_training.hpp"

#include "weight_spectra.hpp"

namespace assay::lowrank_collapse {
namespace {

Eigen::MatrixXd to_double(const nn::Mat<float>& m) { return m.cast<double>(); }

bool is_logged(int step, const TrainingSchedule& s) {
  return step % s.log_interval == 0 || step == s.steps;
}

int logged_count(const TrainingSchedule& s) {
  int n = 0;
  for (int step = 0; step <= s.steps; ++step) n += is_logged(step, s);
  return n;
}

void resize_logs(SpectralLog& log, Eigen::Index layers, int columns) {
  for (Eigen::MatrixXd* m :
       {&log.grad_stable_rank, &log.grad_effective_rank, &log.update_stable_rank,
        &log.update_effective_rank, &log.weight_stable_rank, &log.weight_effective_rank})
    m->setZero(layers, columns);
}

void log_spectra(SpectralLog& log, int column, const std::vector<nn::Parameter<float>*>& weights,
                 const std::vector<nn::Mat<float>>& initial) {
  for (std::size_t l = 0; l < weights.size(); ++l) {
    const auto g = rank_summary(to_double(weights[l]->grad));
    const auto u = rank_summary(to_double(weights[l]->value - initial[l]));
    const auto w = rank_summary(to_double(weights[l]->value));
    log.grad_stable_rank(l, column) = g.stable_rank;
    log.grad_effective_rank(l, column) = g.effective_rank;
    log.update_stable_rank(l, column) = u.stable_rank;
    log.update_effective_rank(l, column) = u.effective_rank;
    log.weight_stable_rank(l, column) = w.stable_rank;
    log.weight_effective_rank(l, column) = w.effective_rank;
  }
}

// W = W_before + P_k(W - W_before) for every weight matrix: only the top-k singular directions
// of this step's update are applied.
void project_updates(const std::vector<nn::Parameter<float>*>& weights,
                     const std::vector<nn::Mat<float>>& before, int k) {
  for (std::size_t l = 0; l < weights.size(); ++l) {
    const Eigen::MatrixXd update = to_double(weights[l]->value - before[l]);
    weights[l]->value = before[l] + top_k_projection(update, k).cast<float>();
  }
}

std::vector<nn::Mat<float>> values(const std::vector<nn::Parameter<float>*>& weights) {
  std::vector<nn::Mat<float>> v;
  for (const auto* p : weights) v.push_back(p->value);
  return v;
}

}  // namespace

SpectralLog train_with_rank_logs(nn::ParameterSet<float>& params,
                                 const std::vector<nn::Parameter<float>*>& weights,
                                 const TrainingSchedule& schedule, const StepLoss& loss,
                                 const LogObserver& on_log, const Progress& progress) {
  nn::Adam<float> adam(params, {.lr = schedule.lr});
  nn::Tape<float> tape;
  const auto initial = values(weights);
  SpectralLog log;
  resize_logs(log, static_cast<Eigen::Index>(weights.size()), logged_count(schedule));
  int column = 0;
  for (int step = 0; step <= schedule.steps; ++step) {
    tape.clear();
    adam.zero_grad();
    const auto l = loss(tape);
    tape.backward(l);
    const double value = l.item();
    if (is_logged(step, schedule)) {
      log.steps.push_back(step);
      log.loss.push_back(value);
      log_spectra(log, column++, weights, initial);
      if (on_log) on_log(step);
    }
    if (step == schedule.steps) {
      log.final_loss = value;
      break;
    }
    const auto before = schedule.update_rank > 0 ? values(weights) : std::vector<nn::Mat<float>>{};
    adam.step();
    if (schedule.update_rank > 0) project_updates(weights, before, schedule.update_rank);
    if (progress) progress(double(step + 1) / schedule.steps);
  }
  return log;
}

double final_layer_mean(const Eigen::MatrixXd& m) {
  return m.rows() && m.cols() ? m.col(m.cols() - 1).mean() : 0;
}

}  // namespace assay::lowrank_collapse
