#include "light_cone.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "fourier_spectrum.hpp"
#include "qnn_fit.hpp"

namespace qs = assay::qnn_spectral;

namespace {

// Whether f at random angles changes when encoding gate j's scale changes, at a few inputs:
// the light cone's answer measured on the simulator. A gate outside the cone leaves f equal to
// round-off (~1e-15); one inside moves it by O(1) for generic angles, so 1e-9 separates them.
bool moves_readout(const qs::Circuit& c, std::size_t j, const Eigen::VectorXd& theta) {
  qs::Circuit changed = c;
  std::size_t seen = 0;
  for (auto& g : changed.gates)
    if (g.type == qs::Gate::Type::encode_rx && seen++ == j) g.scale += 0.7;
  double largest = 0;
  for (double x : {0.4, 1.9, 3.3, 5.2})
    largest =
        std::max(largest, std::abs(qs::evaluate(c, theta, x) - qs::evaluate(changed, theta, x)));
  return largest > 1e-9;
}

}  // namespace

TEST_CASE("the light cone of <Z_0> names exactly the encoding gates that move the readout",
          "[qnn_spectral]") {
  for (auto encoding : {qs::Encoding::repeated, qs::Encoding::exponential})
    for (int qubits = 1; qubits <= 5; ++qubits)
      for (int layers = 1; layers <= 3; ++layers) {
        const auto c = qs::reuploading_circuit(qubits, layers, encoding);
        const auto reaching = qs::encodings_reaching_readout(c);
        REQUIRE(reaching.size() == c.encoding_scales().size());
        const Eigen::VectorXd theta = qs::initial_angles(c, 17 + qubits * 5 + layers);
        for (std::size_t j = 0; j < reaching.size(); ++j) {
          INFO(qubits << " qubits, " << layers << " layers, encoding gate " << j);
          CHECK(reaching[j] == moves_readout(c, j, theta));
        }
      }
}

TEST_CASE("every encoding gate reaches the readout, so the realised spectrum is the bound",
          "[qnn_spectral]") {
  const auto top = [](const std::vector<double>& scales) {
    return qs::accessible_spectrum(scales).back().frequency;
  };
  // Issue 37's cases were realised / bound 7 / 15 (exponential 2q x 2L), 1 / 7 (exponential
  // 3q x 1L), 5 / 6 (repeated 2q x 3L), 4 / 8 (repeated 4q x 2L) before the readout block.
  for (auto encoding : {qs::Encoding::repeated, qs::Encoding::exponential})
    for (int qubits = 1; qubits <= 5; ++qubits)
      for (int layers = 1; layers <= 3; ++layers) {
        INFO(qubits << " qubits, " << layers << " layers");
        const auto c = qs::reuploading_circuit(qubits, layers, encoding);
        const auto reaching = qs::encodings_reaching_readout(c);
        CHECK(std::count(reaching.begin(), reaching.end(), false) == 0);
        CHECK(qs::realised_encoding_scales(c) == c.encoding_scales());
        // The spectra themselves, where enumerating them is cheap (3^gates sums at most 3^8).
        if (qubits * layers <= 8)
          CHECK(top(qs::realised_encoding_scales(c)) == top(c.encoding_scales()));
      }
}
