#include "count_probes.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace cb = assay::counting_bottleneck;

namespace {

// Features that carry the count on an arc in the (3, 7) plane plus noise, and an unrelated type
// label.
cb::Split planted(int per_count, double noise, std::uint64_t seed) {
  cb::Rng rng(seed);
  std::normal_distribution<double> z(0, 1);  // test data only: exact draws do not matter
  const int n = per_count * cb::kMaxCount, dim = 12;
  cb::Split s{Eigen::MatrixXd(n, dim), {}, {}};
  for (int i = 0; i < n; ++i) {
    const int c = 1 + i % cb::kMaxCount;
    for (int j = 0; j < dim; ++j) s.x(i, j) = noise * z(rng);
    s.x(i, 3) += 3 * std::cos(0.3 * c);
    s.x(i, 7) += 3 * std::sin(0.3 * c);
    s.labels.push_back(c);
    s.control.push_back(1 + static_cast<int>(rng() % cb::kMaxCount));
  }
  return s;
}

}  // namespace

TEST_CASE("a probe reads a planted count and not a random control", "[counting_bottleneck]") {
  const auto train = planted(40, 0.1, 1), test = planted(40, 0.1, 2);
  const auto s = cb::probe_count(train, test, {});
  CHECK(s.accuracy > 0.95);
  CHECK(s.r2 > 0.9);
  // Control labels are independent of the features: chance is 1/9 (Wilson-wide margin).
  CHECK(s.control_accuracy < 0.2);
  CHECK(s.selectivity == Approx(s.accuracy - s.control_accuracy));
  CHECK(s.snr > 100);
  const auto noisy = cb::probe_count(planted(40, 3, 3), planted(40, 3, 4), {});
  CHECK(noisy.snr < s.snr);
  CHECK(noisy.accuracy < s.accuracy);
}

TEST_CASE("the Fisher ratio is between over within sums of squares", "[counting_bottleneck]") {
  Eigen::VectorXd score(4);
  score << 0, 2, 10, 12;  // means 1 and 11, grand 6: between 4 * 25, within 4 * 1
  CHECK(cb::fisher_ratio(score, {1, 1, 2, 2}) == Approx(25.0));
}

TEST_CASE("probe directions span the planted direction", "[counting_bottleneck]") {
  const auto train = planted(40, 0.1, 5);
  const Eigen::MatrixXd q = cb::probe_directions(train.x, train.labels, 2, 1e-4);
  REQUIRE(q.rows() == 12);
  REQUIRE(q.cols() == 2);
  CHECK((q.transpose() * q - Eigen::MatrixXd::Identity(2, 2)).norm() < 1e-10);
  // The count's plane is (almost) the span.
  CHECK(q.row(3).squaredNorm() + q.row(7).squaredNorm() > 0.95 * 2);
  REQUIRE_THROWS_WITH(cb::probe_directions(train.x, train.labels, 0, 1e-4),
                      Catch::Contains("rank: 0"));
}

TEST_CASE("control labels are a function of the item's surface type", "[counting_bottleneck]") {
  cb::Rng rng(7);
  const auto items = cb::explicit_items(20, rng);
  const auto labels = cb::control_labels(items, 11);
  for (std::size_t i = 0; i < items.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (items[i].item == items[j].item &&
          items[i].tokens[cb::kListLength] == items[j].tokens[cb::kListLength])
        CHECK(labels[i] == labels[j]);
  CHECK(cb::control_labels(items, 11) == labels);
  CHECK(cb::control_labels(items, 12) != labels);
}
