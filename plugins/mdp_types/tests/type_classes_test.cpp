#include "type_classes.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace mt = assay::mdp_types;

namespace {
mt::PairCounts as_matrix(const std::vector<std::int64_t>& flat, int m) {
  mt::PairCounts c(m, m);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j) c(i, j) = flat[static_cast<std::size_t>(i * m + j)];
  return c;
}
}  // namespace

TEST_CASE("Whittle's formula equals brute-force enumeration of type classes", "[mdp_types]") {
  for (const auto& [m, n_max] : {std::pair{2, 12}, std::pair{3, 7}, std::pair{4, 5}}) {
    for (int n = 1; n <= n_max; ++n)
      for (int start = 0; start < m; ++start) {
        const auto classes = mt::enumerate_type_classes(m, n, start);
        for (const auto& [flat, count] : classes) {
          const double whittle = std::exp(mt::log_type_class_size(as_matrix(flat, m), start));
          INFO("m=" << m << " n=" << n << " start=" << start);
          REQUIRE(std::llround(whittle) == count);
          REQUIRE(whittle == Approx(static_cast<double>(count)).epsilon(1e-10));
        }
        // The type walk finds exactly the enumerated types.
        const auto types = mt::pair_types(m, n, start);
        REQUIRE(types.size() == classes.size());
        for (const auto& t : types) {
          std::vector<std::int64_t> flat(t.data(), t.data() + t.size());
          // PairCounts is column-major; the enumeration keys are row-major.
          const mt::PairCounts row_major = t.transpose();
          flat.assign(row_major.data(), row_major.data() + row_major.size());
          REQUIRE(classes.count(flat) == 1);
        }
      }
  }
}

TEST_CASE("an unbalanced or disconnected count matrix has an empty type class", "[mdp_types]") {
  mt::PairCounts unbalanced(2, 2);
  unbalanced << 0, 2, 0, 0;  // 0 -> 1 twice without returning
  REQUIRE(std::isinf(mt::log_type_class_size(unbalanced, 0)));
  mt::PairCounts disconnected(3, 3);
  disconnected << 1, 0, 0, 0, 0, 0, 0, 0, 2;  // loops at 0 and at 2, never between
  REQUIRE(std::isinf(mt::log_type_class_size(disconnected, 0)));
}

TEST_CASE("every class size lies within the type bounds", "[mdp_types]") {
  for (const auto& [m, n_max] : {std::pair{2, 40}, std::pair{3, 10}}) {
    for (int n = 1; n <= n_max; ++n) {
      const auto types = mt::pair_types(m, n, 0);
      REQUIRE(std::log(static_cast<double>(types.size())) <= m * m * std::log(n + 1.0));
      double log_total = 0, total = 0;
      for (const auto& t : types) {
        const double log_size = mt::log_type_class_size(t, 0);
        const double nh = n * mt::type_conditional_entropy(t);
        REQUIRE(log_size <= nh + 1e-9);
        REQUIRE(log_size >= nh - m * m * std::log(n + 1.0));
        total += std::exp(log_size - n * std::log(m));
      }
      log_total = std::log(total);
      // The classes partition the m^n paths from the start state.
      REQUIRE(log_total == Approx(0).margin(1e-10));
    }
  }
}
