#include "light_cone.hpp"

#include <algorithm>

namespace assay::qnn_spectral {
namespace {

// How the backward observable acts on one qubit; ordered so that max() joins two parts.
enum class Part { none, diagonal, general };

}  // namespace

std::vector<bool> encodings_reaching_readout(const Circuit& c) {
  std::vector<Part> part(static_cast<std::size_t>(c.qubits), Part::none);
  part[0] = Part::diagonal;  // Z_0
  std::vector<bool> reaching;
  for (auto g = c.gates.rbegin(); g != c.gates.rend(); ++g) {
    Part& p = part[static_cast<std::size_t>(g->qubit)];
    switch (g->type) {
      case Gate::Type::rz:
        break;
      case Gate::Type::ry:
        if (p != Part::none) p = Part::general;
        break;
      case Gate::Type::encode_rx:
        reaching.push_back(p != Part::none);
        if (p != Part::none) p = Part::general;
        break;
      case Gate::Type::cz: {
        Part& q = part[static_cast<std::size_t>(g->other)];
        const bool spread_to_other = p == Part::general, spread_to_this = q == Part::general;
        if (spread_to_other) q = std::max(q, Part::diagonal);
        if (spread_to_this) p = std::max(p, Part::diagonal);
        break;
      }
    }
  }
  std::reverse(reaching.begin(), reaching.end());
  return reaching;
}

std::vector<double> realised_encoding_scales(const Circuit& c) {
  const auto scales = c.encoding_scales();
  const auto reaching = encodings_reaching_readout(c);
  std::vector<double> out;
  for (std::size_t j = 0; j < scales.size(); ++j)
    if (reaching[j]) out.push_back(scales[j]);
  return out;
}

}  // namespace assay::qnn_spectral
