#include "token_windows.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>

namespace sl = assay::stdlib;

TEST_CASE("token windows are slices of the stream with next-token targets", "[stdlib]") {
  std::vector<std::int64_t> ids(1000);
  std::iota(ids.begin(), ids.end(), 7);
  std::mt19937_64 rng(3);
  const auto w = sl::sample_token_windows(ids, 16, 200, rng);
  REQUIRE(w.inputs.size() == 200 * 16);
  for (std::int64_t i = 0; i < w.count; ++i) {
    REQUIRE(w.starts[i] >= 0);
    REQUIRE(w.starts[i] + 16 < 1000);
    for (std::int64_t t = 0; t < 16; ++t) {
      REQUIRE(w.inputs[i * 16 + t] == ids[w.starts[i] + t]);
      REQUIRE(w.targets[i * 16 + t] == ids[w.starts[i] + t + 1]);
    }
  }
}

TEST_CASE("token window starts are uniform and follow the seed", "[stdlib]") {
  std::vector<std::int64_t> ids(10001, 1);
  std::mt19937_64 a(11), b(11), c(12);
  const auto wa = sl::sample_token_windows(ids, 100, 4000, a);
  CHECK(sl::sample_token_windows(ids, 100, 4000, b).starts == wa.starts);
  CHECK(sl::sample_token_windows(ids, 100, 4000, c).starts != wa.starts);
  // Uniform on [0, 9900]: mean 4950, sd 9901 / sqrt(12); the mean of 4000 within 4 SE.
  const double mean = std::accumulate(wa.starts.begin(), wa.starts.end(), 0.0) / 4000;
  CHECK(std::abs(mean - 4950) < 4 * 9901 / std::sqrt(12.0) / std::sqrt(4000.0));
}

TEST_CASE("a stream shorter than a window and its target is refused", "[stdlib]") {
  std::vector<std::int64_t> ids(16);
  std::mt19937_64 rng(1);
  CHECK_THROWS_WITH(sl::sample_token_windows(ids, 16, 1, rng),
                    Catch::Contains("16 tokens cannot hold a window of 16"));
  CHECK(sl::sample_token_windows(ids, 15, 1, rng).starts == std::vector<std::int64_t>{0});
}
