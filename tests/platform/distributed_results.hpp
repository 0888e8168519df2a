// Test support for distributed runs: a result equal to another point by point, bit for bit.
#pragma once

#include <catch2/catch.hpp>
#include <cstring>
#include <set>
#include <string>

#include "store/result_store.hpp"

namespace assay::testing {

inline bool same_bits(const Value& a, const Value& b) {
  if (a.kind() != b.kind()) return false;
  if (a.kind() == Kind::real) {
    const double x = a.as_real(), y = b.as_real();
    return std::memcmp(&x, &y, sizeof x) == 0;
  }
  if (a.kind() == Kind::real_array) {
    const auto &x = a.as_real_array(), &y = b.as_real_array();
    return x.shape == y.shape && x.data.size() == y.data.size() &&
           std::memcmp(x.data.data(), y.data.data(), x.data.size() * sizeof(double)) == 0;
  }
  return a == b;
}

// Same point ids in the same order, same status, swept values, seeds and outputs; only
// timing and provenance may differ.
inline void require_same_points(const ResultSet& expected, const ResultSet& found) {
  REQUIRE(found.points.size() == expected.points.size());
  std::set<std::string> ids;
  for (std::size_t i = 0; i < expected.points.size(); ++i) {
    const auto &e = expected.points[i], &f = found.points[i];
    REQUIRE(f.id == e.id);
    CHECK(ids.insert(f.id).second);
    CHECK(f.status == e.status);
    CHECK(f.seed == e.seed);
    CHECK(f.replicate == e.replicate);
    CHECK(f.swept == e.swept);
    REQUIRE(f.outputs.size() == e.outputs.size());
    for (std::size_t k = 0; k < e.outputs.size(); ++k) {
      CHECK(f.outputs[k].node == e.outputs[k].node);
      CHECK(f.outputs[k].port == e.outputs[k].port);
      CHECK(same_bits(f.outputs[k].value, e.outputs[k].value));
    }
  }
}

}  // namespace assay::testing
