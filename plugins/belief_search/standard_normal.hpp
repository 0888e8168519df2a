// Standard normal draws by the ziggurat method (Marsaglia & Tsang 2000, 128 layers) from any
// source of uniform 64-bit words. ~98.8% of draws cost one word, one multiply and one
// comparison; the rest take an exponential or two logarithms. Exact in law: every layer is
// accepted with the density's own probability, the tail beyond R by Marsaglia's tail method.
#pragma once
#include <array>
#include <cmath>
#include <cstdint>

namespace assay::belief_search {

struct ZigguratTables {
  static constexpr int kLayers = 128;
  static constexpr double kTailStart = 3.442619855899;       // R: where the tail begins
  static constexpr double kLayerArea = 9.91256303526217e-3;  // V: each layer's area
  // x[0] = V / f(R) (the base layer's width including the tail), x[1] = R, ..., x[128] = 0;
  // f[i] = exp(-x[i]^2 / 2); inner[i] = x[i+1] / x[i], the part of layer i inside the curve.
  std::array<double, kLayers + 1> x{};
  std::array<double, kLayers + 1> f{};
  std::array<double, kLayers> inner{};
};

const ZigguratTables& ziggurat_tables();

// `bits()` returns uniform 64-bit words; `t` is ziggurat_tables().
template <class Bits>
double standard_normal(Bits& bits, const ZigguratTables& t) {
  const auto unit = [&] { return static_cast<double>(bits() >> 11) * 0x1.0p-53; };
  for (;;) {
    const std::uint64_t word = bits();
    const int layer = static_cast<int>(word & (ZigguratTables::kLayers - 1));
    // u uniform in (-1, 1) from the word's top 53 bits (independent of its low 7).
    const double u = (static_cast<double>(word >> 11) + 0.5) * 0x1.0p-52 - 1.0;
    if (std::abs(u) < t.inner[layer]) return u * t.x[layer];
    if (layer == 0) {
      // The tail |z| > R: z = R + e1 / R, accepted when 2 e2 > (e1 / R)^2 (e1, e2 ~ Exp(1)).
      double excess, e2;
      do {
        excess = -std::log(1.0 - unit()) / ZigguratTables::kTailStart;
        e2 = -std::log(1.0 - unit());
      } while (2 * e2 <= excess * excess);
      return u < 0 ? -(ZigguratTables::kTailStart + excess) : ZigguratTables::kTailStart + excess;
    }
    // The wedge of layer i: accept (z, y), y uniform between f(x[i]) and f(x[i+1]), under f.
    const double z = u * t.x[layer];
    const double y = t.f[layer] + unit() * (t.f[layer + 1] - t.f[layer]);
    if (y < std::exp(-0.5 * z * z)) return z;
  }
}

}  // namespace assay::belief_search
