#include "coding_report.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace assay::mdp_types {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}  // namespace

CodingReport coding_report(const Eigen::MatrixXd& kernel, double rate,
                           const std::vector<int>& lengths, std::int64_t paths, int curve_points,
                           std::uint64_t seed, const BlockRunner& run) {
  CodingReport out;
  out.exponent = coding_exponent(kernel, rate);
  const CodingExponent& e = out.exponent;
  out.twisted_kernel = e.twisted_kernel.size() ? e.twisted_kernel : kernel;
  out.entropy_rate = entropy_rate(kernel);
  out.topological_entropy = topological_entropy(kernel);
  std::vector<ErrorEstimate> errors;
  if (std::isfinite(e.exponent) && paths > 0)
    errors = coding_error_experiment(kernel, e, rate, lengths, paths, seed, run);
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    const bool have = i < errors.size();
    const double p = have ? errors[i].probability : kNaN;
    out.error_probability.push_back(p);
    out.standard_error.push_back(have ? errors[i].standard_error : kNaN);
    out.normalised_exponent.push_back(have && p > 0 ? -std::log(p) / lengths[i] : kNaN);
  }
  const bool fittable =
      errors.size() >= 4 &&
      std::all_of(errors.begin(), errors.end(), [](auto& x) { return x.probability > 0; });
  out.fit = fittable ? fit_exponential_decay(lengths, errors) : DecayFit{kNaN, kNaN, kNaN};
  for (int i = 0; i < curve_points; ++i) {
    out.curve_rates.push_back(out.topological_entropy * i / curve_points);
    out.curve_exponents.push_back(coding_exponent(kernel, out.curve_rates.back()).exponent);
  }
  return out;
}

}  // namespace assay::mdp_types
