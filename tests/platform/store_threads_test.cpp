// The store's one HDF5 lock: a writer thread and a reader thread in one process.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <thread>

#include "store/result_store.hpp"
#include "store_test_support.hpp"

using namespace assay;
using namespace assay::store_test;

namespace {
std::vector<PointResult> first_points(int n) {
  std::vector<PointResult> points;
  for (int i = 0; i < n; ++i) points.push_back(small_point(i));
  return points;
}
}  // namespace

TEST_CASE("a reader thread sees whole batches while a writer thread commits and finishes",
          "[store]") {
  constexpr int batches = 12, batch = 10;
  TempDir dir;
  const auto file = dir / "out.h5";
  std::atomic<int> committed{0};
  std::atomic<bool> finished{false};
  std::thread writer([&] {
    ResultWriter w(file, sample_info(), false);
    for (int b = 0; b < batches; ++b) {
      for (int k = 0; k < batch; ++k) w.add(small_point(b * batch + k));
      w.commit();
      committed = b + 1;
    }
    w.finish();
    finished = true;
  });
  int reads = 0;
  while (!finished) {
    const int at_least = committed.load();
    if (at_least == 0) {
      std::this_thread::yield();
      continue;
    }
    const auto read = read_results(file);
    const int seen = static_cast<int>(read.points.size());
    CHECK(seen >= at_least * batch);
    REQUIRE(seen % batch == 0);
    CHECK(same_points(read.points, first_points(seen)));
    ++reads;
  }
  writer.join();
  CHECK(reads > 0);
  CHECK(same_points(read_results(file).points, first_points(batches * batch)));
}
