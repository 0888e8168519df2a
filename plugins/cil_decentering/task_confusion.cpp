#include "task_confusion.hpp"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>

#include "incremental_training.hpp"

namespace assay::cil_decentering {

double normal_upper_tail(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

double standardized_margin(const LinearHead& head, const GaussianTasks& population, int source,
                           int a, int b) {
  const Eigen::RowVectorXd direction = head.weights.row(a) - head.weights.row(b);
  const double mean = direction.dot(population.means.row(source)) + head.biases(a) - head.biases(b);
  const double sd = std::sqrt(std::max(0.0, direction.dot(direction * population.sigma)));
  if (sd > 0) return mean / sd;
  return mean > 0 ? kInfinity : mean < 0 ? -kInfinity : 0.0;
}

std::vector<PairSeparation> sequential_separation(const GaussianTasks& population) {
  const Eigen::VectorXi& task = population.class_task;
  const Eigen::MatrixXd centres = task_centres(population.means, task);
  Eigen::MatrixXd offsets = population.means;  // u_k = mu_k - mean^(task k)
  for (Eigen::Index k = 0; k < offsets.rows(); ++k) offsets.row(k) -= centres.row(task(k));
  const Eigen::LLT<Eigen::MatrixXd> chol(population.sigma);
  const auto inner = [&](const Eigen::RowVectorXd& x, const Eigen::RowVectorXd& y) {
    return x.dot(chol.solve(y.transpose()).transpose());
  };
  Eigen::VectorXd rho2 = Eigen::VectorXd::Zero(centres.rows()), count = rho2;
  for (Eigen::Index k = 0; k < offsets.rows(); ++k) {
    rho2(task(k)) += inner(offsets.row(k), offsets.row(k));
    count(task(k)) += 1;
  }
  rho2 = rho2.cwiseQuotient(count);

  std::vector<PairSeparation> out;
  for (int i = 0; i < offsets.rows(); ++i)
    for (int j = 0; j < offsets.rows(); ++j) {
      const int s = task(i), t = task(j);
      if (s == t) continue;
      PairSeparation p{i, j};
      const Eigen::RowVectorXd diff = offsets.row(i) - offsets.row(j);
      p.delta = std::sqrt(inner(diff, diff));
      // Identical centred geometry (u_i = v_j) up to rounding: the logits differ by a constant.
      if (p.delta <= 1e-9 * std::sqrt(rho2(s) + rho2(t) + 1.0)) p.delta = 0;
      p.tau = -inner(offsets.row(j), centres.row(t) - centres.row(s)) - 0.5 * (rho2(s) - rho2(t));
      p.margin = p.delta > 0 ? (0.5 * p.delta * p.delta - p.tau) / p.delta
                             : (p.tau < 0 ? kInfinity : -kInfinity);
      if (p.tau > 0) p.kappa = p.delta * p.delta / (2 * p.tau);
      p.gamma = p.delta > 0 ? std::pow(2 * p.tau / p.delta, 2) : (p.tau != 0 ? kInfinity : 0.0);
      out.push_back(p);
    }
  return out;
}

SeparationSummary summarize(const std::vector<PairSeparation>& pairs) {
  SeparationSummary s;
  for (const auto& p : pairs) {
    s.margin_min = std::min(s.margin_min, p.margin);
    if (p.kappa < s.kappa_min) {
      s.kappa_min = p.kappa;
      s.gamma_at_min = p.gamma;
    }
  }
  return s;
}

double task_confusion_upper_bound(const LinearHead& head, const GaussianTasks& population) {
  const Eigen::VectorXi& task = population.class_task;
  const auto k_total = static_cast<int>(task.size());
  double total = 0;
  for (int i = 0; i < k_total; ++i) {
    double sum = 0;
    for (int j = 0; j < k_total; ++j) {
      if (task(j) == task(i)) continue;
      const double m = standardized_margin(head, population, i, i, j);
      sum += m > 0 ? std::exp(-0.5 * m * m) : 1.0;
    }
    total += std::min(1.0, sum);
  }
  return total / k_total;
}

double task_confusion_lower_bound(const LinearHead& head, const GaussianTasks& population) {
  const Eigen::VectorXi& task = population.class_task;
  const auto k_total = static_cast<int>(task.size());
  double total = 0;
  for (int i = 0; i < k_total; ++i) {
    double best = 0;
    for (int j = 0; j < k_total; ++j) {
      if (task(j) == task(i)) continue;
      double miss = 0;  // sum over c in task(i) of P(z_c >= z_j | i)
      for (int c = 0; c < k_total; ++c)
        if (task(c) == task(i))
          miss += 1.0 - normal_upper_tail(standardized_margin(head, population, i, c, j));
      best = std::max(best, 1.0 - miss);
    }
    total += best;
  }
  return total / k_total;
}

double worst_pairwise_error(const LinearHead& head, const GaussianTasks& population) {
  const Eigen::VectorXi& task = population.class_task;
  double worst = 0;
  for (int i = 0; i < task.size(); ++i)
    for (int j = 0; j < task.size(); ++j)
      if (task(i) != task(j))
        worst = std::max(worst, normal_upper_tail(standardized_margin(head, population, i, i, j)));
  return worst;
}

MonteCarloConfusion monte_carlo_task_confusion(const LinearHead& head,
                                               const GaussianTasks& population, int n_per_class,
                                               std::mt19937_64& rng) {
  const LabelledSample s = sample_gaussian_tasks(population, n_per_class, rng);
  const Eigen::VectorXi predicted = head.predict(s.features);
  MonteCarloConfusion mc;
  mc.confusion = task_confusion(predicted, s.labels, population.class_task);
  mc.standard_error = std::sqrt(mc.confusion * (1 - mc.confusion) /
                                double(std::max<Eigen::Index>(1, s.labels.size())));
  mc.per_task = Eigen::VectorXd::Zero(population.tasks);
  Eigen::VectorXd count = Eigen::VectorXd::Zero(population.tasks);
  for (Eigen::Index n = 0; n < s.labels.size(); ++n) {
    count(s.tasks(n)) += 1;
    mc.per_task(s.tasks(n)) += population.class_task(predicted(n)) != s.tasks(n);
  }
  mc.per_task = mc.per_task.cwiseQuotient(count.cwiseMax(1.0));
  return mc;
}

}  // namespace assay::cil_decentering
