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
constexpr Eigen::Index kProductRows = 1000;      // 2^1000 < the largest double

double clip(double x, double limit) { return std::clamp(x, -limit, limit); }

bool is_rasch(const IrtParameters& p) { return (p.discrimination.array() == 1.0).all(); }

// Normalises one row of log posterior values in place into weights; returns its log-sum-exp.
// The row is contiguous so that exp is vectorised.
double normalise_row(Eigen::RowVectorXd& row) {
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
    Eigen::RowVectorXd row;
    for (auto j = static_cast<Eigen::Index>(begin); j < static_cast<Eigen::Index>(end); ++j) {
      item_node_terms(y.col(j), p.ability, p.discrimination(j), b, terms);
      row = terms.log_lik + grid.log_prior.transpose();
      item_log_lik(j) = normalise_row(row);
      out.weights.row(j) = row;
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
        Eigen::RowVectorXd r = terms.log_lik + grid.log_prior.transpose();
        normalise_row(r);
        // Sums over nodes and models of e = (y_m - P_mq) r_q and w = P_mq (1 - P_mq) r_q,
        // taken from P and W = P (1 - P) by matrix-vector products instead of forming e and w.
        const Eigen::ArrayXXd& prob = terms.prob.array();
        const Eigen::MatrixXd fisher = (prob * (1 - prob)).matrix();
        const Eigen::VectorXd e_model = y.col(j) * r.sum() - terms.prob * r.transpose();
        const Eigen::VectorXd w_model = fisher * r.transpose();
        const Eigen::RowVectorXd e_node =
            r.array() * (y.col(j).sum() - terms.prob.colwise().sum().array());
        const Eigen::RowVectorXd w_node = r.cwiseProduct(fisher.colwise().sum());
        const Eigen::VectorXd wb = fisher * r.transpose().cwiseProduct(b);
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

// One grid node's column of item_node_terms, entry by entry: 1 / (1 + e), P(right) and the
// response's sign term y min(x, 0) - (1 - y) max(x, 0).
void node_column(Eigen::Index models, const double* __restrict x, const double* __restrict e,
                 const double* __restrict y, double* __restrict inv, double* __restrict prob,
                 double* __restrict one_plus_e, double* __restrict sign_term) {
  for (Eigen::Index m = 0; m < models; ++m) {
    const double sum = 1 + e[m], quotient = 1 / sum;
    const bool positive = x[m] >= 0;
    inv[m] = quotient;
    prob[m] = quotient * (positive ? 1.0 : e[m]);
    one_plus_e[m] = sum;
    const double below = positive ? 0.0 : x[m], above = positive ? x[m] : 0.0;
    sign_term[m] = y[m] * below - (1 - y[m]) * above;
  }
}

}  // namespace

void item_node_terms(const Eigen::VectorXd& responses, const Eigen::VectorXd& ability,
                     double discrimination, const Eigen::VectorXd& node_difficulty,
                     ItemNodeTerms& out) {
  // With x = a (theta - b) and e = exp(-|x|): log P(y | node) = y min(x, 0) - (1 - y) max(x, 0)
  // - log(1 + e), one exp per entry, vectorised. Summed over the models the logs of 1 + e are
  // the log of their product, and since 1 + e <= 2 a product of kProductRows factors cannot
  // overflow: one log per node and block of models, not per entry.
  const auto models = ability.size(), nodes = node_difficulty.size();
  out.x.resize(models, nodes);
  for (Eigen::Index q = 0; q < nodes; ++q)
    out.x.col(q) = discrimination * (ability.array() - node_difficulty(q));
  out.e = (-out.x.abs()).exp();
  out.inv.resize(models, nodes);
  out.prob.resize(models, nodes);
  out.one_plus_e.resize(models, nodes);
  out.sign_term.resize(models, nodes);
  // One plain loop over the entries, which the compiler vectorises with blends (Eigen 3.4's
  // select is scalar; GCC needs -fno-trapping-math to if-convert it, see CMakeLists.txt).
  for (Eigen::Index q = 0; q < nodes; ++q)
    node_column(models, out.x.col(q).data(), out.e.col(q).data(), responses.data(),
                out.inv.col(q).data(), out.prob.col(q).data(), out.one_plus_e.col(q).data(),
                out.sign_term.col(q).data());
  out.log_lik = out.sign_term.colwise().sum().matrix();
  for (Eigen::Index m0 = 0; m0 < models; m0 += kProductRows) {
    const auto rows = std::min(kProductRows, models - m0);
    const Eigen::RowVectorXd product = out.one_plus_e.middleRows(m0, rows).colwise().prod();
    out.log_lik.array() -= product.array().log();
  }
}

Eigen::MatrixXd response_probability(const Eigen::VectorXd& responses, const ItemNodeTerms& terms) {
  // P(right) = inv scaled by e when x < 0, P(wrong) = inv scaled by e when x >= 0; y is 0 or 1.
  Eigen::MatrixXd out(terms.x.rows(), terms.x.cols());
  for (Eigen::Index q = 0; q < out.cols(); ++q)
    for (Eigen::Index m = 0; m < out.rows(); ++m) {
      const double x = terms.x(m, q), e = terms.e(m, q), inv = terms.inv(m, q);
      const double right = inv * (x >= 0 ? 1.0 : e), wrong = inv * (x >= 0 ? e : 1.0);
      out(m, q) = responses(m) * right + (1 - responses(m)) * wrong;
    }
  return out;
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
