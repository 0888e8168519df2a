// Throughput of the re-uploading circuit simulator: f(x_i) on a batch of inputs (forward) and
// f(x_i) with df/dtheta by adjoint differentiation (gradient), single thread, CPU time.
// Usage: bench_qnn_spectral [REPEATS]; one JSON object per circuit size on stdout, with the
// values and Jacobian so that compare.py can check them against the NumPy peer.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <numbers>
#include <vector>

#include "fourier_spectrum.hpp"
#include "quantum_tangent_kernel.hpp"
#include "reuploading_circuit.hpp"

namespace qs = assay::qnn_spectral;

namespace {

constexpr int kLayers = 2, kPoints = 32;
constexpr int kQubits[] = {2, 4, 6, 8, 10};

// theta_k = 2 pi frac(k phi): reproducible on both sides without sharing an RNG.
Eigen::VectorXd golden_angles(int params) {
  Eigen::VectorXd theta(params);
  for (int k = 0; k < params; ++k) {
    const double t = k * 0.6180339887498949;
    theta(k) = 2 * std::numbers::pi * (t - std::floor(t));
  }
  return theta;
}

// Median over `repeats` of the CPU seconds per call of `body`, each repeat at least 0.05 s.
template <class Body>
double median_cpu_seconds(int repeats, Body body) {
  std::vector<double> per_call;
  for (int r = 0; r < repeats; ++r) {
    long calls = 0;
    const std::clock_t start = std::clock();
    double elapsed = 0;
    do {
      body();
      ++calls;
      elapsed = double(std::clock() - start) / CLOCKS_PER_SEC;
    } while (elapsed < 0.05);
    per_call.push_back(elapsed / calls);
  }
  std::nth_element(per_call.begin(), per_call.begin() + repeats / 2, per_call.end());
  return per_call[repeats / 2];
}

void print_array(const char* key, const double* data, Eigen::Index size) {
  std::printf(", \"%s\": [", key);
  for (Eigen::Index i = 0; i < size; ++i) std::printf("%s%.17g", i ? ", " : "", data[i]);
  std::printf("]");
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  const Eigen::VectorXd grid = qs::equispaced_grid(kPoints);
  for (int n : kQubits) {
    const auto c = qs::reuploading_circuit(n, kLayers, qs::Encoding::exponential);
    const Eigen::VectorXd theta = golden_angles(c.params);
    volatile double sink = 0;
    const double forward =
        median_cpu_seconds(repeats, [&] { sink = sink + qs::evaluate_batch(c, theta, grid)(0); });
    const double gradient = median_cpu_seconds(
        repeats, [&] { sink = sink + qs::batch_jacobian(c, theta, grid).jacobian(0, 0); });
    // Row-major Jacobian, as NumPy stores it.
    const auto batch = qs::batch_jacobian(c, theta, grid);
    const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> jac =
        batch.jacobian;
    std::printf("{\"qubits\": %d, \"layers\": %d, \"points\": %d, \"params\": %d", n, kLayers,
                kPoints, c.params);
    std::printf(", \"forward_s\": %.6g, \"gradient_s\": %.6g", forward, gradient);
    print_array("values", batch.values.data(), batch.values.size());
    print_array("jacobian", jac.data(), jac.size());
    std::printf("}\n");
  }
}
