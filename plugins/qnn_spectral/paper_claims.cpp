#include "paper_claims.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "fourier_spectrum.hpp"
#include "mlp_fit.hpp"
#include "qnn_fit.hpp"
#include "quantum_tangent_kernel.hpp"
#include "spectral_order.hpp"

namespace assay::qnn_spectral {
namespace {

constexpr double kProbeInputs[] = {0.3, 2.1, 4.4, 5.9};
constexpr double kFdStep = 1e-4;

// Replicate s of a check starting from `seed`: disjoint streams for distinct check seeds.
std::uint64_t replicate_seed(std::uint64_t seed, int s) { return seed + 1000003ull * s; }

MajorityOutcome count_successes(std::uint64_t seed,
                                const std::function<bool(std::uint64_t)>& success) {
  MajorityOutcome out{0, order_test_design()};
  for (int s = 0; s < out.design.replicates; ++s) out.successes += success(replicate_seed(seed, s));
  return out;
}

}  // namespace

FourierTarget unequal_target() { return {{1, 5}, {0.1, 0.5}}; }
FourierTarget flat_target() { return {{1, 5}, {0.3, 0.3}}; }
FitOptions check_fit_options(double learning_rate) {
  return {300, learning_rate, Optimizer::adam, 1};
}

BoundedMeasurement degree_bound_claim(std::uint64_t seed) {
  double worst = 0;
  for (auto e : {Encoding::repeated, Encoding::exponential})
    worst = std::max(worst, amplitude_beyond_degree(reuploading_circuit(2, 2, e), seed));
  return {worst, 1e-12};
}

BoundedMeasurement adjoint_gradient_claim(std::uint64_t seed) {
  const auto c = reuploading_circuit(3, 2, Encoding::exponential);
  return {adjoint_vs_finite_difference(c, seed, kFdStep), kFdStep * kFdStep / 6 + 1e-15 / kFdStep};
}

BoundedMeasurement simulator_claim(std::uint64_t seed) {
  return {simulator_vs_matrix_product(reuploading_circuit(3, 2, Encoding::repeated), seed), 1e-12};
}

LazyOrder lazy_order_claim(std::uint64_t seed) {
  const auto c = reuploading_circuit(2, 3, Encoding::repeated);
  const auto deviation = [&](int steps) {
    return lazy_comparison(c, unequal_target(), kCheckPoints, 0.001, steps, seed).deviation;
  };
  const double d40 = deviation(40), d80 = deviation(80), d160 = deviation(160);
  return {std::log2(d80 / d40), std::log2(d160 / d80)};
}

MajorityTestDesign order_test_design() { return design_majority_test(0.01, 0.01, 0.75); }

std::vector<std::pair<int, int>> comparison_pairs() { return {{1, 5}, {2, 7}, {4, 5}}; }

PriorityComparison amplitude_priority_comparison(std::uint64_t seed) {
  const auto c = reuploading_circuit(2, 2, Encoding::exponential);
  PriorityComparison out;
  out.design = order_test_design();
  for (const auto& [low, high] : comparison_pairs())
    for (const auto& [a_low, a_high] : {std::pair{0.1, 0.5}, {0.3, 0.3}, {0.5, 0.1}}) {
      const FourierTarget target{{low, high}, {a_low, a_high}};
      PriorityCell cell{low, high, a_low, a_high, 0, 0};
      for (int s = 0; s < out.design.replicates; ++s) {
        const auto fit =
            fit_qnn(c, target, kCheckPoints, check_fit_options(0.05), replicate_seed(seed, s));
        const int first = learning_order(component_progress(target, fit.history)).first_frequency;
        cell.high_first += first == high;
        cell.large_first += first == (a_high > a_low ? high : low);
      }
      if (a_low != a_high) out.unequal_cells_passing += cell.large_first >= out.design.threshold;
      out.cells.push_back(cell);
    }
  return out;
}

MajorityOutcome qnn_flat_frequency_claim(std::uint64_t seed) {
  const auto c = reuploading_circuit(2, 3, Encoding::repeated);
  const auto target = flat_target();
  return count_successes(seed, [&](std::uint64_t s) {
    const auto fit = fit_qnn(c, target, kCheckPoints, check_fit_options(0.05), s);
    return learning_order(component_progress(target, fit.history)).by_frequency;
  });
}

MajorityOutcome mlp_frequency_claim(std::uint64_t seed) {
  const auto target = unequal_target();
  return count_successes(seed, [&](std::uint64_t s) {
    const auto history = fit_mlp(target, kCheckPoints, {}, check_fit_options(0.01), s);
    const auto components = component_progress(target, history);
    return learning_order(components).by_frequency && components[1].half_step < 0;
  });
}

double amplitude_beyond_degree(const Circuit& c, std::uint64_t seed) {
  const long top = accessible_spectrum(c.encoding_scales()).back().frequency;
  const Eigen::VectorXd grid = equispaced_grid(int(4 * top + 4));
  const Eigen::VectorXd theta = initial_angles(c, seed);
  const Eigen::VectorXd f = evaluate_batch(c, theta, grid);
  const Eigen::VectorXd a = amplitude_spectrum(f);
  return a.tail(a.size() - top - 1).maxCoeff();
}

double adjoint_vs_finite_difference(const Circuit& c, std::uint64_t seed, double h) {
  const Eigen::VectorXd theta = initial_angles(c, seed);
  double worst = 0;
  for (double x : kProbeInputs) {
    const auto vg = value_and_gradient(c, theta, x);
    for (int k = 0; k < c.params; ++k) {
      Eigen::VectorXd up = theta, down = theta;
      up(k) += h;
      down(k) -= h;
      const double fd = (evaluate(c, up, x) - evaluate(c, down, x)) / (2 * h);
      worst = std::max(worst, std::abs(vg.gradient(k) - fd));
    }
  }
  return worst;
}

double simulator_vs_matrix_product(const Circuit& c, std::uint64_t seed) {
  const Eigen::VectorXd theta = initial_angles(c, seed);
  double worst = 0;
  for (double x : kProbeInputs)
    worst = std::max(worst, (full_unitary(c, theta, x).col(0) - run(c, theta, x)).norm());
  return worst;
}

LazyComparison lazy_comparison(const Circuit& c, const FourierTarget& target, int points,
                               double learning_rate, int steps, std::uint64_t seed) {
  const Eigen::VectorXd grid = equispaced_grid(points);
  const Eigen::VectorXd y = target.sample(grid);
  Eigen::VectorXd theta = initial_angles(c, seed);
  const auto start = batch_jacobian(c, theta, grid);
  const Eigen::VectorXd r0 = start.values - y;
  const Eigen::VectorXd lazy =
      linearised_residual(tangent_kernel(start.jacobian), r0, learning_rate, steps);
  for (int t = 0; t < steps; ++t) {
    const auto batch = batch_jacobian(c, theta, grid);
    theta -= learning_rate * (2.0 / points) * batch.jacobian.transpose() * (batch.values - y);
  }
  const Eigen::VectorXd r = batch_jacobian(c, theta, grid).values - y;
  return {(r - lazy).norm(), (r - r0).norm()};
}

}  // namespace assay::qnn_spectral
