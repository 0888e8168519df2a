#include "standard_normal.hpp"

namespace assay::belief_search {

namespace {

// The layers' right edges: layer i-1 and layer i have equal areas V, so
// x[i] = f^-1(V / x[i-1] + f(x[i-1])).
ZigguratTables build_tables() {
  ZigguratTables t;
  constexpr int n = ZigguratTables::kLayers;
  const auto density = [](double x) { return std::exp(-0.5 * x * x); };
  t.x[0] = ZigguratTables::kLayerArea / density(ZigguratTables::kTailStart);
  t.x[1] = ZigguratTables::kTailStart;
  for (int i = 2; i < n; ++i)
    t.x[i] =
        std::sqrt(-2 * std::log(ZigguratTables::kLayerArea / t.x[i - 1] + density(t.x[i - 1])));
  t.x[n] = 0;
  for (int i = 0; i <= n; ++i) t.f[i] = density(t.x[i]);
  t.f[0] = density(ZigguratTables::kTailStart);  // the base layer's top is the curve at R
  for (int i = 0; i < n; ++i) t.inner[i] = t.x[i + 1] / t.x[i];
  return t;
}

}  // namespace

const ZigguratTables& ziggurat_tables() {
  static const ZigguratTables tables = build_tables();
  return tables;
}

}  // namespace assay::belief_search
