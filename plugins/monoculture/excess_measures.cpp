#include "excess_measures.hpp"

#include "item_bootstrap.hpp"
#include "option_agreement.hpp"

namespace assay::monoculture {
namespace {

// Ratio estimate sum_j w_j num_j / sum_j w_j den_j with its bootstrap interval.
ExcessEstimate ratio_estimate(const Eigen::VectorXd& observed, const Eigen::VectorXd& expected,
                              const Eigen::VectorXd& den, int resamples, double level,
                              std::mt19937_64& rng) {
  ExcessEstimate e;
  e.pairs = den.sum();
  if (e.pairs <= 0) return e;
  e.observed = observed.sum() / e.pairs;
  e.expected = expected.sum() / e.pairs;
  e.excess = e.observed - e.expected;
  const Eigen::VectorXd diff = observed - expected;
  const Interval ci = bootstrap_interval(
      observed.size(),
      [&](const Eigen::MatrixXd& w) -> Eigen::VectorXd {
        return (w.transpose() * diff).cwiseQuotient(w.transpose() * den);
      },
      resamples, level, rng);
  e.ci_low = ci.low;
  e.ci_high = ci.high;
  return e;
}

ExcessEstimate marginal_estimate(const Eigen::MatrixXd& y, const Eigen::VectorXd& observed,
                                 const PairGroup& group, int resamples, double level,
                                 std::mt19937_64& rng) {
  ExcessEstimate e;
  e.pairs = group.pairs();
  if (e.pairs <= 0) return e;
  auto excess = [&](const Eigen::MatrixXd& w) -> Eigen::VectorXd {
    const Eigen::ArrayXd drawn = w.colwise().sum().transpose();
    return (w.transpose() * observed).array() / (drawn * e.pairs) -
           marginal_null_for_group(y, w, group).array();
  };
  const Eigen::MatrixXd ones = Eigen::MatrixXd::Ones(y.cols(), 1);
  e.observed = observed.mean() / e.pairs;
  e.expected = marginal_null_for_group(y, ones, group)(0);
  e.excess = e.observed - e.expected;
  const Interval ci = bootstrap_interval(y.cols(), excess, resamples, level, rng);
  e.ci_low = ci.low;
  e.ci_high = ci.high;
  return e;
}

}  // namespace

AgreementExcess agreement_excess(const Eigen::MatrixXd& responses,
                                 const std::vector<PairGroup>& groups,
                                 const MeasureOptions& options, std::mt19937_64& rng,
                                 const ParallelLoop& loop) {
  require_binary_responses(responses);
  AgreementExcess out;
  const Eigen::MatrixXd observed = observed_agreement_by_item(responses, groups);
  out.pair_observed = pair_agreement(responses);
  if (options.null == NullModel::marginal) {
    out.pair_expected = marginal_null(responses.rowwise().mean());
    for (std::size_t g = 0; g < groups.size(); ++g) {
      out.groups.push_back(marginal_estimate(responses, observed.col(g), groups[g],
                                             options.resamples, options.level, rng));
      out.groups.back().group = groups[g].name;
    }
    return out;
  }
  IrtFitOptions fit_options = options.fit;
  fit_options.model = options.null == NullModel::rasch ? IrtModel::rasch : IrtModel::two_pl;
  out.fit = fit_irt(responses, fit_options, loop);
  const ItemNullAgreement null =
      item_null_agreement(responses, out.fit.parameters, out.fit.grid, groups, loop);
  out.pair_expected = null.pair_mean;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const Eigen::VectorXd pairs = Eigen::VectorXd::Constant(responses.cols(), groups[g].pairs());
    out.groups.push_back(ratio_estimate(observed.col(g), null.by_item.col(g), pairs,
                                        options.resamples, options.level, rng));
    out.groups.back().group = groups[g].name;
  }
  return out;
}

std::vector<ExcessEstimate> same_wrong_option_excess(const Eigen::MatrixXd& responses,
                                                     const Eigen::MatrixXd& choices,
                                                     const std::vector<PairGroup>& groups,
                                                     int resamples, double level,
                                                     std::mt19937_64& rng) {
  require_binary_responses(responses);
  const OptionAgreementByItem by_item = option_agreement_by_item(responses, choices, groups);
  std::vector<ExcessEstimate> out;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    out.push_back(ratio_estimate(by_item.same.col(g), by_item.expected.col(g),
                                 by_item.eligible.col(g), resamples, level, rng));
    out.back().group = groups[g].name;
  }
  return out;
}

}  // namespace assay::monoculture
