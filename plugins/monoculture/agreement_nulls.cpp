#include "agreement_nulls.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "irt_fit.hpp"

namespace assay::monoculture {
namespace {

constexpr std::size_t kItemGrain = 16;
// Cap on -log P(response) in the leave-pair-out weights: keeps products of two inverse
// likelihoods finite; only nodes where a response has probability below e^-300 are affected.
constexpr double kMaxInverseLogLik = 300.0;

double group_sum(const Eigen::MatrixXd& mask, const Eigen::VectorXd& right) {
  const Eigen::VectorXd wrong = 1.0 - right.array();
  return 0.5 * (right.dot(mask * right) + wrong.dot(mask * wrong));
}

// Expected agreement of every pair on one item under the leave-pair-out item null.
// With E_q the item's posterior weight at node q and F_mq = 1 / P(y_mj | node q), the
// posterior without models i and k is proportional to E_q F_iq F_kq, so all pairs at once are
// four matrix products over the nodes.
Eigen::MatrixXd item_pair_null(const ItemNodeTerms& terms, const Eigen::RowVectorXd& posterior) {
  const Eigen::RowVectorXd e = posterior / posterior.maxCoeff();
  const Eigen::MatrixXd f = (-terms.log_lik).array().min(kMaxInverseLogLik).exp();
  const Eigen::MatrixXd h = f.array().rowwise() * e.array();
  const Eigen::MatrixXd hp = h.cwiseProduct(terms.prob), fp = f.cwiseProduct(terms.prob);
  const Eigen::MatrixXd den = h * f.transpose();
  const Eigen::MatrixXd num =
      den - hp * f.transpose() - h * fp.transpose() + 2.0 * hp * fp.transpose();
  return num.cwiseQuotient(den);
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

double marginal_null_for_group(const Eigen::MatrixXd& responses, const Eigen::VectorXd& item_counts,
                               const PairGroup& group) {
  const Eigen::VectorXd accuracy = responses * item_counts / item_counts.sum();
  return group_sum(group.mask, accuracy) / group.pairs();
}

ItemNullAgreement item_null_agreement(const Eigen::MatrixXd& responses,
                                      const IrtParameters& parameters, const QuadratureGrid& grid,
                                      const std::vector<PairGroup>& groups,
                                      const ParallelLoop& loop) {
  const auto n = responses.rows(), items = responses.cols();
  const auto group_count = static_cast<Eigen::Index>(groups.size());
  const Eigen::MatrixXd posterior = item_posteriors(responses, parameters, grid, loop).weights;
  const Eigen::VectorXd node_difficulty = parameters.difficulty_sd * grid.z;
  const std::size_t blocks = (static_cast<std::size_t>(items) + kItemGrain - 1) / kItemGrain;
  std::vector<Eigen::MatrixXd> block_pair_sum(blocks, Eigen::MatrixXd::Zero(n, n));
  ItemNullAgreement out{Eigen::MatrixXd(items, group_count), Eigen::MatrixXd::Zero(n, n)};
  loop(blocks, 1, [&](std::size_t b0, std::size_t b1) {
    ItemNodeTerms terms;
    for (std::size_t blk = b0; blk < b1; ++blk) {
      const auto end = std::min<Eigen::Index>(items, (blk + 1) * kItemGrain);
      for (auto j = static_cast<Eigen::Index>(blk * kItemGrain); j < end; ++j) {
        item_node_terms(responses.col(j), parameters.ability, parameters.discrimination(j),
                        node_difficulty, terms);
        const Eigen::MatrixXd expected = item_pair_null(terms, posterior.row(j));
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
