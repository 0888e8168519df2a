#include "irt_fit.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "rasch_scores.hpp"

namespace assay::monoculture {
namespace {

constexpr std::size_t kItemGrain = 32;
constexpr double kAbilityPenalty = 1.0 / 100.0;  // N(0, 10^2)

double clip(double x, double limit) { return std::clamp(x, -limit, limit); }

bool is_rasch(const IrtParameters& p) { return (p.discrimination.array() == 1.0).all(); }

// Normalises one row of log posterior values in place into weights; returns its log-sum-exp.
double normalise_row(Eigen::Ref<Eigen::RowVectorXd, 0, Eigen::InnerStride<>> row) {
  const double top = row.maxCoeff();
  row = (row.array() - top).exp();
  const double total = row.sum();
  row /= total;
  return top + std::log(total);
}

// Every item's posterior is its score's posterior (rasch_scores.hpp).
ItemPosteriors rasch_posteriors(const Eigen::MatrixXd& y, const IrtParameters& p,
                                const QuadratureGrid& grid) {
  const RaschScores scores = rasch_scores(y);
  const ScorePosteriors by_score = rasch_score_posteriors(p.ability, p.difficulty_sd, grid);
  ItemPosteriors out;
  out.weights.resize(y.cols(), grid.z.size());
  for (Eigen::Index j = 0; j < y.cols(); ++j)
    out.weights.row(j) = by_score.weights.row(scores.score(j));
  out.log_likelihood = rasch_log_likelihood(scores, by_score, p.ability);
  return out;
}

ItemPosteriors two_pl_posteriors(const Eigen::MatrixXd& y, const IrtParameters& p,
                                 const QuadratureGrid& grid, const ParallelLoop& loop) {
  const Eigen::VectorXd b = p.difficulty_sd * grid.z;
  ItemPosteriors out;
  out.weights.resize(y.cols(), b.size());
  Eigen::VectorXd item_log_lik(y.cols());
  loop(y.cols(), kItemGrain, [&](std::size_t begin, std::size_t end) {
    ItemNodeTerms terms;
    for (auto j = static_cast<Eigen::Index>(begin); j < static_cast<Eigen::Index>(end); ++j) {
      item_node_terms(y.col(j), p.ability, p.discrimination(j), b, terms);
      out.weights.row(j) = terms.log_lik.colwise().sum() + grid.log_prior.transpose();
      item_log_lik(j) = normalise_row(out.weights.row(j));
    }
  });
  out.log_likelihood = item_log_lik.sum();
  return out;
}

// Fisher-scoring steps of the abilities and log sd_b for the Rasch model, using the expected
// counts of correct answers at each node (the Bock-Aitkin "artificial data"), gathered by
// score: at_node(q) = sum_s n_s T_sq items expected at node q, right = R T (models x nodes).
void rasch_m_step(const RaschScores& scores, const QuadratureGrid& grid,
                  const ScorePosteriors& by_score, IrtParameters& p) {
  const Eigen::VectorXd at_node = by_score.weights.transpose() * scores.items_with_score;
  const Eigen::ArrayXXd right = (scores.right_by_score * by_score.weights).array();
  const Eigen::RowVectorXd b = p.difficulty_sd * grid.z.transpose();
  // sigma(theta_m - b_q) = 1 / (1 + exp(b_q - theta_m)), models x nodes.
  const auto node_prob = [&]() -> Eigen::ArrayXXd {
    const Eigen::ArrayXXd x = (b.replicate(p.ability.size(), 1).colwise() - p.ability).array();
    return (1.0 + x.exp()).inverse();
  };
  const Eigen::ArrayXd right_total = right.rowwise().sum();
  for (int step = 0; step < 3; ++step) {  // a model's step depends on its own ability only
    const Eigen::ArrayXXd pr = node_prob();
    const Eigen::ArrayXd g =
        right_total - (pr.matrix() * at_node).array() - kAbilityPenalty * p.ability.array();
    const Eigen::ArrayXd h = ((pr * (1 - pr)).matrix() * at_node).array() + kAbilityPenalty;
    p.ability.array() += (g / h).cwiseMax(-1.0).cwiseMin(1.0);
  }
  const Eigen::ArrayXXd pr = node_prob();
  const Eigen::ArrayXd residual =
      right.colwise().sum().transpose() - at_node.array() * pr.colwise().sum().transpose();
  const Eigen::ArrayXd information = at_node.array() * (pr * (1 - pr)).colwise().sum().transpose();
  const double sd = p.difficulty_sd;
  const Eigen::ArrayXd z = grid.z.array();
  const double g = -sd * (z * residual).sum(), h = sd * sd * (z * z * information).sum();
  p.difficulty_sd = sd * std::exp(clip(g / h, 0.5));
}

struct TwoPlGradient {
  Eigen::VectorXd g_ability, h_ability;
  double g_log_sd = 0, h_log_sd = 0;
};

// One EM iteration of the 2PL model in a single pass over the items: each item's posterior
// over the grid (E-step) and, with the same probabilities, its contribution to the
// Fisher-scoring steps of the abilities and log sd_b, and its own discrimination's step
// (items are independent given the rest). Gradients with u = log a_j, x = a_j (theta - b_q):
// dx/dtheta = a, dx/dlog sd_b = -a b_q, dx/du = a (theta - b_q).
void two_pl_em_step(const Eigen::MatrixXd& y, const QuadratureGrid& grid, double prior_sd,
                    const ParallelLoop& loop, IrtParameters& p) {
  const auto n = y.rows();
  const Eigen::VectorXd b = p.difficulty_sd * grid.z;
  const std::size_t blocks = (static_cast<std::size_t>(y.cols()) + kItemGrain - 1) / kItemGrain;
  std::vector<TwoPlGradient> partial(blocks);
  Eigen::VectorXd new_discrimination = p.discrimination;
  const double tau2 = prior_sd * prior_sd;
  loop(blocks, 1, [&](std::size_t b0, std::size_t b1) {
    ItemNodeTerms terms;
    for (std::size_t blk = b0; blk < b1; ++blk) {
      TwoPlGradient& acc = partial[blk];
      acc.g_ability = acc.h_ability = Eigen::VectorXd::Zero(n);
      const auto end = std::min<Eigen::Index>(y.cols(), (blk + 1) * kItemGrain);
      for (auto j = static_cast<Eigen::Index>(blk * kItemGrain); j < end; ++j) {
        const double a = p.discrimination(j);
        item_node_terms(y.col(j), p.ability, a, b, terms);
        Eigen::RowVectorXd r = terms.log_lik.colwise().sum() + grid.log_prior.transpose();
        normalise_row(r);
        const Eigen::ArrayXXd resid =
            (-terms.prob).array().colwise() + y.col(j).array();  // y_m - P_mq
        const Eigen::ArrayXXd e = resid.rowwise() * r.array();
        const Eigen::ArrayXXd w =
            (terms.prob.array() * (1 - terms.prob.array())).rowwise() * r.array();
        const Eigen::VectorXd e_model = e.rowwise().sum(), w_model = w.rowwise().sum();
        const Eigen::RowVectorXd e_node = e.colwise().sum(), w_node = w.colwise().sum();
        const Eigen::VectorXd wb = w.matrix() * b;
        acc.g_ability += a * e_model;
        acc.h_ability += a * a * w_model;
        acc.g_log_sd -= a * e_node.dot(b);
        acc.h_log_sd += a * a * w_node.dot(b.cwiseProduct(b));
        const double g_u = a * (p.ability.dot(e_model) - e_node.dot(b));
        const double h_u = a * a *
                           (p.ability.cwiseProduct(p.ability).dot(w_model) - 2 * p.ability.dot(wb) +
                            w_node.dot(b.cwiseProduct(b)));
        const double u = std::log(a);
        new_discrimination(j) = std::exp(u + clip((g_u - u / tau2) / (h_u + 1 / tau2), 0.5));
      }
    }
  });
  TwoPlGradient total{Eigen::VectorXd::Zero(n), Eigen::VectorXd::Zero(n)};
  for (const auto& acc : partial) {  // block order: identical sums whatever the thread count
    total.g_ability += acc.g_ability;
    total.h_ability += acc.h_ability;
    total.g_log_sd += acc.g_log_sd;
    total.h_log_sd += acc.h_log_sd;
  }
  for (Eigen::Index m = 0; m < n; ++m)
    p.ability(m) += clip((total.g_ability(m) - kAbilityPenalty * p.ability(m)) /
                             (total.h_ability(m) + kAbilityPenalty),
                         1.0);
  p.difficulty_sd *= std::exp(clip(total.g_log_sd / total.h_log_sd, 0.5));
  p.discrimination = new_discrimination;
  // Fix the scale: a -> a / s, theta -> s theta, sd_b -> s sd_b leaves every probability alone.
  const double scale = std::exp(p.discrimination.array().log().mean());
  p.discrimination /= scale;
  p.ability *= scale;
  p.difficulty_sd *= scale;
}

double largest_change(const IrtParameters& before, const IrtParameters& after) {
  return std::max({(after.ability - before.ability).lpNorm<Eigen::Infinity>(),
                   std::abs(std::log(after.difficulty_sd / before.difficulty_sd)),
                   (after.discrimination.array().log() - before.discrimination.array().log())
                       .abs()
                       .maxCoeff()});
}

// Starting values: abilities from the logit of each model's accuracy, sd_b from the spread
// of the items' logit proportions correct.
IrtParameters starting_values(const Eigen::MatrixXd& y) {
  auto logit = [](double f) {
    f = std::clamp(f, 0.02, 0.98);
    return std::log(f / (1 - f));
  };
  IrtParameters p;
  p.ability = y.rowwise().mean().unaryExpr(logit);
  p.ability.array() -= p.ability.mean() - logit(y.mean());
  const Eigen::VectorXd item_logit = y.colwise().mean().transpose().unaryExpr(logit);
  const double spread = std::sqrt((item_logit.array() - item_logit.mean()).square().mean());
  p.difficulty_sd = std::max(spread, 0.3);
  p.discrimination = Eigen::VectorXd::Ones(y.cols());
  return p;
}

}  // namespace

void item_node_terms(const Eigen::VectorXd& responses, const Eigen::VectorXd& ability,
                     double discrimination, const Eigen::VectorXd& node_difficulty,
                     ItemNodeTerms& out) {
  // With x = a (theta - b) and e = exp(-|x|): log sigma(x) = min(x, 0) - log1p(e),
  // log sigma(-x) = -max(x, 0) - log1p(e); one exp and one log per entry, vectorised.
  const Eigen::ArrayXXd x =
      discrimination *
      ((-node_difficulty.transpose()).replicate(ability.size(), 1).array().colwise() +
       ability.array());
  const Eigen::ArrayXXd e = (-x.abs()).exp();
  const Eigen::ArrayXXd log1p_e = (1 + e).log();  // absolute accuracy is what a sum of logs needs
  const Eigen::ArrayXXd inv = (1 + e).inverse();
  out.prob = (x >= 0).select(inv, e * inv);
  const Eigen::ArrayXd right = responses.array(), wrong = 1 - responses.array();
  out.log_lik = (x.min(0.0).colwise() * right - x.max(0.0).colwise() * wrong - log1p_e).matrix();
}

void require_binary_responses(const Eigen::MatrixXd& responses) {
  if (responses.rows() < 2 || responses.cols() < 2)
    throw std::invalid_argument("responses need at least 2 models (rows) and 2 items (columns)");
  if (!(responses.array() == 0.0 || responses.array() == 1.0).all())
    throw std::invalid_argument(
        "responses must be 0 (wrong) or 1 (right); missing responses are not supported");
}

ItemPosteriors item_posteriors(const Eigen::MatrixXd& responses, const IrtParameters& parameters,
                               const QuadratureGrid& grid, const ParallelLoop& loop) {
  return is_rasch(parameters) ? rasch_posteriors(responses, parameters, grid)
                              : two_pl_posteriors(responses, parameters, grid, loop);
}

IrtFit fit_irt(const Eigen::MatrixXd& responses, const IrtFitOptions& options,
               const ParallelLoop& loop) {
  require_binary_responses(responses);
  IrtFit fit;
  fit.grid = make_quadrature_grid(options.grid_points);
  IrtParameters& p = fit.parameters;
  p = starting_values(responses);
  const RaschScores scores =
      options.model == IrtModel::rasch ? rasch_scores(responses) : RaschScores{};
  for (fit.iterations = 1; fit.iterations <= options.max_iterations; ++fit.iterations) {
    const IrtParameters before = p;
    if (options.model == IrtModel::rasch)
      rasch_m_step(scores, fit.grid, rasch_score_posteriors(p.ability, p.difficulty_sd, fit.grid),
                   p);
    else
      two_pl_em_step(responses, fit.grid, options.log_discrimination_prior_sd, loop, p);
    if (largest_change(before, p) < options.tolerance) {
      fit.converged = true;
      break;
    }
  }
  fit.iterations = std::min(fit.iterations, options.max_iterations);
  const ItemPosteriors post = item_posteriors(responses, p, fit.grid, loop);
  fit.log_likelihood = post.log_likelihood;
  p.difficulty = p.difficulty_sd * (post.weights * fit.grid.z);
  return fit;
}

}  // namespace assay::monoculture
