// Test support for distributed runs: a result equal to another point by point, bit for bit.
#pragma once

#include <hdf5.h>

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
    REQUIRE(f.nodes.size() == e.nodes.size());
    for (std::size_t k = 0; k < e.nodes.size(); ++k) CHECK(f.nodes[k].key == e.nodes[k].key);
  }
}

// How many node lineages a finished result shares between points (links in /nodes).
inline hsize_t count_node_groups(const std::string& file) {
  const hid_t h5 = H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  REQUIRE(h5 >= 0);
  const hid_t nodes = H5Gopen2(h5, "nodes", H5P_DEFAULT);
  H5G_info_t info{};
  const bool read = nodes >= 0 && H5Gget_info(nodes, &info) >= 0;
  if (nodes >= 0) H5Gclose(nodes);
  H5Fclose(h5);
  REQUIRE(read);
  return info.nlinks;
}

}  // namespace assay::testing
