#include "option_agreement.hpp"

#include <cmath>
#include <map>
#include <stdexcept>

namespace assay::monoculture {

OptionAgreementByItem option_agreement_by_item(const Eigen::MatrixXd& responses,
                                               const Eigen::MatrixXd& choices,
                                               const std::vector<PairGroup>& groups) {
  if (choices.rows() != responses.rows() || choices.cols() != responses.cols())
    throw std::invalid_argument("choices must have the shape of responses (models x items)");
  const auto items = responses.cols(), group_count = static_cast<Eigen::Index>(groups.size());
  OptionAgreementByItem out{Eigen::MatrixXd::Zero(items, group_count),
                            Eigen::MatrixXd::Zero(items, group_count),
                            Eigen::MatrixXd::Zero(items, group_count)};
  for (Eigen::Index j = 0; j < items; ++j) {
    std::vector<Eigen::Index> wrong;
    std::map<long, double> count;  // wrong option -> number of wrong models choosing it
    for (Eigen::Index m = 0; m < responses.rows(); ++m) {
      if (responses(m, j) > 0.5) continue;
      const long option = std::lround(choices(m, j));
      if (option < 1)
        throw std::invalid_argument("a wrong response has choice 0 (the correct option) at model " +
                                    std::to_string(m) + ", item " + std::to_string(j));
      wrong.push_back(m);
      count[option] += 1;
    }
    const double n = static_cast<double>(wrong.size());
    if (n < 4) continue;
    double same_pairs_all = 0;  // sum_c n_c (n_c - 1) over all wrong models
    for (const auto& [option, c] : count) same_pairs_all += c * (c - 1);
    const double others = (n - 2) * (n - 3);
    for (std::size_t x = 0; x < wrong.size(); ++x)
      for (std::size_t y = x + 1; y < wrong.size(); ++y) {
        const Eigen::Index i = wrong[x], k = wrong[y];
        const long ci = std::lround(choices(i, j)), ck = std::lround(choices(k, j));
        // Remove the pair from the counts: n_c -> n_c - 1 for each member's option.
        const double without_pair =
            ci == ck ? same_pairs_all - 4 * count[ci] + 6
                     : same_pairs_all - 2 * (count[ci] - 1) - 2 * (count[ck] - 1);
        for (Eigen::Index g = 0; g < group_count; ++g) {
          const double w = groups[g].mask(i, k);
          out.eligible(j, g) += w;
          out.same(j, g) += w * (ci == ck ? 1.0 : 0.0);
          out.expected(j, g) += w * without_pair / others;
        }
      }
  }
  return out;
}

}  // namespace assay::monoculture
