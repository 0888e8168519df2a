// The part file record of a point: exact round trip, and damage detected rather than trusted.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "assay/error.hpp"
#include "store/point_codec.hpp"
#include "store_test_support.hpp"

using namespace assay;
using namespace assay::store_test;

TEST_CASE("a point record round-trips every field and value exactly", "[store]") {
  for (const auto status : {PointStatus::ok, PointStatus::failed, PointStatus::timeout}) {
    auto point = rich_point(1, status);
    point.outputs.push_back({"model", "nan", std::numeric_limits<double>::quiet_NaN()});
    std::vector<std::byte> record;
    append_point_record(point, record);
    const auto back = parse_point_record(record);
    CHECK(back.id == point.id);
    CHECK(back.replicate == point.replicate);
    CHECK(back.seed == point.seed);
    CHECK(back.status == point.status);
    CHECK(back.error == point.error);
    CHECK(back.wall_s == point.wall_s);
    CHECK(back.swept == point.swept);
    REQUIRE(back.outputs.size() == point.outputs.size());
    for (std::size_t k = 0; k + 1 < point.outputs.size(); ++k) {
      CHECK(back.outputs[k].node == point.outputs[k].node);
      CHECK(back.outputs[k].port == point.outputs[k].port);
      CHECK(back.outputs[k].value == point.outputs[k].value);
    }
    CHECK(std::isnan(back.outputs.back().value.as_real()));
  }
}

TEST_CASE("a damaged point record is an error, not a crash", "[store]") {
  std::vector<std::byte> record;
  append_point_record(rich_point(2), record);
  for (const std::size_t cut :
       {std::size_t{0}, std::size_t{5}, record.size() / 2, record.size() - 1})
    CHECK_THROWS_AS(parse_point_record(std::span(record).first(cut)), Error);
  auto longer = record;
  longer.push_back(std::byte{0});
  CHECK_THROWS_AS(parse_point_record(longer), Error);
  auto huge_count = record;
  std::fill(huge_count.begin(), huge_count.begin() + 8, std::byte{0xff});  // id length
  CHECK_THROWS_AS(parse_point_record(huge_count), Error);
}
