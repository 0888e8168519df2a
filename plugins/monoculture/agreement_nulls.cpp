#include "agreement_nulls.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "irt_fit.hpp"
#include "rasch_scores.hpp"

namespace assay::monoculture {
namespace {

constexpr std::size_t kItemGrain = 16;
// Cap on -log P(response) in the leave-pair-out weights: keeps products of two inverse
// likelihoods finite; only nodes where a response has probability below e^-300 are affected.
const double kMaxInverseLik = std::exp(300.0);
// Whole numbers up to 2^24 are exact in single precision.
constexpr double kLargestExactFloatSum = 16777216.0;
// Largest Rasch pair-null table by score, (models - 1) x models^2 doubles (256 MB).
constexpr Eigen::Index kMaxScoreTableEntries = Eigen::Index{1} << 25;

double group_sum(const Eigen::MatrixXd& mask, const Eigen::VectorXd& right) {
  const Eigen::VectorXd wrong = 1.0 - right.array();
  return 0.5 * (right.dot(mask * right) + wrong.dot(mask * wrong));
}

// responses * item_counts for 0/1 responses and whole counts: every partial sum is a whole
// number no larger than the column's total count, so below 2^24 single precision computes it
// exactly, in any order, at twice the speed of double; the result equals the double product.
Eigen::MatrixXd right_counts(const Eigen::MatrixXd& responses, const Eigen::MatrixXd& item_counts) {
  const double largest_total = item_counts.colwise().sum().maxCoeff();
  if (largest_total >= kLargestExactFloatSum) return responses * item_counts;
  return (responses.cast<float>() * item_counts.cast<float>()).cast<double>();
}

// Expected agreement of every pair on one item under the leave-pair-out item null.
// With E_q the item's posterior weight at node q and F_mq = 1 / P(y_mj | node q), the
// posterior without models i and k is proportional to E_q F_iq F_kq, so with H = F diag(E)
// and agreement 1 - p_i - p_k + 2 p_i p_k all pairs at once are two matrix products:
//   den = H F^T,   num = [H, H o P] [F - F o P, 2 F o P - F]^T.
Eigen::MatrixXd item_pair_null(const Eigen::MatrixXd& prob, const Eigen::MatrixXd& inverse_lik,
                               const Eigen::RowVectorXd& posterior) {
  const auto models = prob.rows(), nodes = prob.cols();
  const Eigen::RowVectorXd e = posterior / posterior.maxCoeff();
  const Eigen::MatrixXd fp = inverse_lik.cwiseProduct(prob);
  Eigen::MatrixXd left(models, 2 * nodes), right(models, 2 * nodes);
  left.leftCols(nodes) = inverse_lik.array().rowwise() * e.array();
  left.rightCols(nodes) = left.leftCols(nodes).cwiseProduct(prob);
  right.leftCols(nodes) = inverse_lik - fp;
  right.rightCols(nodes) = 2.0 * fp - inverse_lik;
  const Eigen::MatrixXd den = left.leftCols(nodes) * inverse_lik.transpose();
  return (left * right.transpose()).cwiseQuotient(den);
}

// 1 / P(y_mj | node q), capped, from the item's node terms.
Eigen::MatrixXd inverse_likelihood(const Eigen::VectorXd& responses, const ItemNodeTerms& terms) {
  return response_probability(responses, terms).array().inverse().min(kMaxInverseLik).matrix();
}

// Under Rasch every item has the same node probabilities; only which of the two inverse
// likelihoods (right or wrong) a model contributes depends on the item.
struct RaschNodeTerms {
  Eigen::MatrixXd prob, inverse_right, inverse_wrong;
};

RaschNodeTerms rasch_node_terms(const Eigen::VectorXd& ability,
                                const Eigen::VectorXd& node_difficulty) {
  ItemNodeTerms right, wrong;
  const Eigen::VectorXd all_right = Eigen::VectorXd::Ones(ability.size());
  const Eigen::VectorXd all_wrong = Eigen::VectorXd::Zero(ability.size());
  item_node_terms(all_right, ability, 1.0, node_difficulty, right);
  item_node_terms(all_wrong, ability, 1.0, node_difficulty, wrong);
  return {right.prob, inverse_likelihood(all_right, right), inverse_likelihood(all_wrong, wrong)};
}

// Under Rasch the leave-pair-out posterior of a pair on an item depends on the item only
// through t, the number of OTHER models that answered it right: with U_mq = 1 / P(wrong), it
// is proportional to T_t(q) U_iq U_kq, T_t the posterior of an item of score t
// (rasch_scores.hpp). So the pair null takes N - 1 matrices E_t, t = 0..N-2, whatever the
// number of items; item j then reads E_{s_j - y_ij - y_kj} for each pair.
std::vector<Eigen::MatrixXd> rasch_pair_null_by_others_right(const RaschNodeTerms& shared,
                                                             const ScorePosteriors& by_score,
                                                             const ParallelLoop& loop) {
  std::vector<Eigen::MatrixXd> table(static_cast<std::size_t>(shared.prob.rows() - 1));
  loop(table.size(), 1, [&](std::size_t t0, std::size_t t1) {
    for (std::size_t t = t0; t < t1; ++t)
      table[t] = item_pair_null(shared.prob, shared.inverse_wrong,
                                by_score.weights.row(static_cast<Eigen::Index>(t)));
  });
  return table;
}

// Items of score s read E_{s-2} for pairs both right, E_{s-1} for pairs with one right and
// E_s for pairs both wrong. Per item and group that is 0.5 [r'M_{s-2}r + 2 r'M_{s-1}w +
// w'M_s w] with M_t = mask o E_t, r the item's responses and w = 1 - r, so each score costs a
// few matrix products over its items. Index clamping only reaches terms whose weight is 0
// (e.g. pairs both right on an item of score 1: r'Mr is then a diagonal entry of M, and
// masks have zero diagonals).
ItemNullAgreement rasch_null_by_score(const Eigen::MatrixXd& responses,
                                      const std::vector<Eigen::MatrixXd>& table,
                                      const Eigen::VectorXi& score,
                                      const std::vector<PairGroup>& groups,
                                      const ParallelLoop& loop) {
  const auto n = responses.rows(), items = responses.cols();
  const auto group_count = static_cast<Eigen::Index>(groups.size());
  auto entry = [&](Eigen::Index t) -> const Eigen::MatrixXd& {
    return table[static_cast<std::size_t>(std::clamp<Eigen::Index>(t, 0, n - 2))];
  };
  ItemNullAgreement out{Eigen::MatrixXd(items, group_count), Eigen::MatrixXd::Zero(n, n)};
  std::vector<Eigen::MatrixXd> score_pair_sum(static_cast<std::size_t>(n + 1));
  loop(static_cast<std::size_t>(n + 1), 1, [&](std::size_t s0, std::size_t s1) {
    for (auto s = static_cast<Eigen::Index>(s0); s < static_cast<Eigen::Index>(s1); ++s) {
      std::vector<Eigen::Index> idx;
      for (Eigen::Index j = 0; j < items; ++j)
        if (score(j) == s) idx.push_back(j);
      score_pair_sum[s] = Eigen::MatrixXd::Zero(n, n);
      if (idx.empty()) continue;
      const Eigen::MatrixXd right = responses(Eigen::all, idx).transpose();
      const Eigen::MatrixXd wrong = 1.0 - right.array();
      const Eigen::MatrixXd &e2 = entry(s - 2), &e1 = entry(s - 1), &e0 = entry(s);
      for (Eigen::Index g = 0; g < group_count; ++g) {
        const Eigen::MatrixXd& mask = groups[static_cast<std::size_t>(g)].mask;
        const Eigen::VectorXd sums =
            ((right * mask.cwiseProduct(e2)).cwiseProduct(right)).rowwise().sum() +
            2.0 * ((right * mask.cwiseProduct(e1)).cwiseProduct(wrong)).rowwise().sum() +
            ((wrong * mask.cwiseProduct(e0)).cwiseProduct(wrong)).rowwise().sum();
        for (std::size_t k = 0; k < idx.size(); ++k) out.by_item(idx[k], g) = 0.5 * sums(k);
      }
      const Eigen::MatrixXd mixed = right.transpose() * wrong;
      score_pair_sum[s] = e2.cwiseProduct(right.transpose() * right) +
                          e1.cwiseProduct(mixed + mixed.transpose()) +
                          e0.cwiseProduct(wrong.transpose() * wrong);
    }
  });
  for (const auto& m : score_pair_sum) out.pair_mean += m;  // score order: deterministic
  out.pair_mean /= static_cast<double>(items);
  return out;
}

// The score table pays when there are fewer scores than items and its N^3 entries fit.
bool use_score_table(Eigen::Index models, Eigen::Index items) {
  return models - 1 < items && (models - 1) * models * models <= kMaxScoreTableEntries;
}

}  // namespace

NullModel parse_null_model(std::string_view name) {
  if (name == "marginal") return NullModel::marginal;
  if (name == "rasch") return NullModel::rasch;
  if (name == "2pl") return NullModel::two_pl;
  throw std::invalid_argument("unknown null model '" + std::string(name) +
                              "'; use marginal, rasch or 2pl");
}

Eigen::MatrixXd observed_agreement_by_item(const Eigen::MatrixXd& responses,
                                           const std::vector<PairGroup>& groups) {
  Eigen::MatrixXd out(responses.cols(), static_cast<Eigen::Index>(groups.size()));
  for (Eigen::Index j = 0; j < responses.cols(); ++j)
    for (std::size_t g = 0; g < groups.size(); ++g)
      out(j, static_cast<Eigen::Index>(g)) = group_sum(groups[g].mask, responses.col(j));
  return out;
}

Eigen::MatrixXd pair_agreement(const Eigen::MatrixXd& responses) {
  const Eigen::MatrixXd wrong = 1.0 - responses.array();
  return (responses * responses.transpose() + wrong * wrong.transpose()) /
         static_cast<double>(responses.cols());
}

Eigen::MatrixXd marginal_null(const Eigen::VectorXd& accuracy) {
  const Eigen::VectorXd miss = 1.0 - accuracy.array();
  return accuracy * accuracy.transpose() + miss * miss.transpose();
}

Eigen::VectorXd marginal_null_for_group(const Eigen::MatrixXd& responses,
                                        const Eigen::MatrixXd& item_counts,
                                        const PairGroup& group) {
  // Each column's accuracies a, then 0.5 [a'Ma + (1 - a)'M(1 - a)] for all columns at once.
  const Eigen::ArrayXXd accuracy =
      right_counts(responses, item_counts).array().rowwise() / item_counts.colwise().sum().array();
  const Eigen::ArrayXXd miss = 1.0 - accuracy;
  const Eigen::ArrayXXd right_sums = (group.mask * accuracy.matrix()).array() * accuracy;
  const Eigen::ArrayXXd wrong_sums = (group.mask * miss.matrix()).array() * miss;
  return 0.5 * (right_sums + wrong_sums).colwise().sum().transpose() / group.pairs();
}

ItemNullAgreement item_null_agreement(const Eigen::MatrixXd& responses,
                                      const IrtParameters& parameters, const QuadratureGrid& grid,
                                      const std::vector<PairGroup>& groups,
                                      const ParallelLoop& loop) {
  const auto n = responses.rows(), items = responses.cols();
  const auto group_count = static_cast<Eigen::Index>(groups.size());
  const Eigen::VectorXd node_difficulty = parameters.difficulty_sd * grid.z;
  const bool rasch = (parameters.discrimination.array() == 1.0).all();
  const RaschNodeTerms shared =
      rasch ? rasch_node_terms(parameters.ability, node_difficulty) : RaschNodeTerms{};
  if (rasch && use_score_table(n, items)) {
    const ScorePosteriors posteriors =
        rasch_score_posteriors(parameters.ability, parameters.difficulty_sd, grid);
    return rasch_null_by_score(responses, rasch_pair_null_by_others_right(shared, posteriors, loop),
                               rasch_scores(responses).score, groups, loop);
  }
  const std::size_t blocks = (static_cast<std::size_t>(items) + kItemGrain - 1) / kItemGrain;
  std::vector<Eigen::MatrixXd> block_pair_sum(blocks, Eigen::MatrixXd::Zero(n, n));
  ItemNullAgreement out{Eigen::MatrixXd(items, group_count), Eigen::MatrixXd::Zero(n, n)};
  const Eigen::MatrixXd posterior = item_posteriors(responses, parameters, grid, loop).weights;
  // The expected agreement of every pair on item j, by the cheapest route the model allows.
  auto pair_null = [&](Eigen::Index j, ItemNodeTerms& terms, Eigen::MatrixXd& inverse_lik) {
    if (rasch) {
      for (Eigen::Index m = 0; m < n; ++m)
        inverse_lik.row(m) =
            responses(m, j) == 1.0 ? shared.inverse_right.row(m) : shared.inverse_wrong.row(m);
      return item_pair_null(shared.prob, inverse_lik, posterior.row(j));
    }
    item_node_terms(responses.col(j), parameters.ability, parameters.discrimination(j),
                    node_difficulty, terms);
    return item_pair_null(terms.prob, inverse_likelihood(responses.col(j), terms),
                          posterior.row(j));
  };
  loop(blocks, 1, [&](std::size_t b0, std::size_t b1) {
    ItemNodeTerms terms;
    Eigen::MatrixXd inverse_lik(n, node_difficulty.size());
    for (std::size_t blk = b0; blk < b1; ++blk) {
      const auto end = std::min<Eigen::Index>(items, (blk + 1) * kItemGrain);
      for (auto j = static_cast<Eigen::Index>(blk * kItemGrain); j < end; ++j) {
        const Eigen::MatrixXd expected = pair_null(j, terms, inverse_lik);
        block_pair_sum[blk] += expected;
        for (Eigen::Index g = 0; g < group_count; ++g)
          out.by_item(j, g) = 0.5 * groups[g].mask.cwiseProduct(expected).sum();
      }
    }
  });
  for (const auto& s : block_pair_sum) out.pair_mean += s;  // block order: deterministic
  out.pair_mean /= static_cast<double>(items);
  return out;
}

}  // namespace assay::monoculture
