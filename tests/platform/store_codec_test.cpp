// The part file record of a point: exact round trip, and damage detected rather than trusted.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "assay/error.hpp"
#include "store/encoding/point_codec.hpp"
#include "store_test_support.hpp"

using namespace assay;
using namespace assay::store_test;

TEST_CASE("a point record round-trips every field and value exactly", "[store]") {
  for (const auto status : {PointStatus::ok, PointStatus::failed, PointStatus::timeout}) {
    auto point = rich_point(1, status);
    point.outputs.push_back({"model", "nan", std::numeric_limits<double>::quiet_NaN()});
    std::vector<std::byte> record;
    PointRecordEncoder({point}).append(point, record);
    const auto back = PointRecordDecoder().parse(record);
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

TEST_CASE("a batch holds a shared node's outputs once and every record reads them", "[store]") {
  std::vector<PointResult> batch;
  for (int i = 0; i < 3; ++i) {
    auto point = rich_point(i);
    point.outputs = {{"data", "model", RealArray{{100, 100}, std::vector<double>(10000, 1.5)}},
                     {"fit", "loss", 0.5 * i}};
    point.nodes = {{"data", "shared-key", i == 0 ? "computed" : "shared"},
                   {"fit", "fit-key-" + std::to_string(i), "computed"}};
    batch.push_back(std::move(point));
  }
  PointRecordEncoder encoder(batch);
  std::vector<std::vector<std::byte>> records(batch.size());
  for (std::size_t i = 0; i < batch.size(); ++i) encoder.append(batch[i], records[i]);
  CHECK(records[0].size() > 100 * 100 * 8);
  CHECK(records[1].size() < 1000);
  CHECK(records[2].size() < 1000);
  PointRecordDecoder decoder;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const auto back = decoder.parse(records[i]);
    CHECK(back.outputs == batch[i].outputs);
    REQUIRE(back.nodes.size() == 2);
    CHECK(back.nodes[0].key == "shared-key");
    CHECK(back.nodes[0].origin == batch[i].nodes[0].origin);
    CHECK(back.nodes[1].key == batch[i].nodes[1].key);
  }
  // A reference to outputs no earlier record of the batch holds is damage.
  CHECK_THROWS_AS(PointRecordDecoder().parse(records[1]), Error);
}

TEST_CASE("the outputs a node left unstored round-trip, with or without a log", "[store]") {
  for (const std::string log : {"", "fit: converged"}) {
    auto point = rich_point(3);
    point.log = log;
    point.outputs = {{"fit", "loss", 0.25}};
    point.nodes = {{"data", "data-key", "computed", {"matrix", "labels"}},
                   {"fit", "fit-key", "computed", {}}};
    std::vector<std::byte> record;
    PointRecordEncoder({point}).append(point, record);
    const auto back = PointRecordDecoder().parse(record);
    CHECK(back.log == log);
    CHECK(back.outputs == point.outputs);
    REQUIRE(back.nodes.size() == 2);
    CHECK(back.nodes[0].unstored == std::vector<std::string>{"matrix", "labels"});
    CHECK(back.nodes[1].unstored.empty());
    // Cut inside the unstored names: damage, not a shorter list.
    CHECK_THROWS_AS(PointRecordDecoder().parse(std::span(record).first(record.size() - 2)), Error);
  }
}

TEST_CASE("a damaged point record is an error, not a crash", "[store]") {
  std::vector<std::byte> record;
  const auto point = rich_point(2);
  PointRecordEncoder({point}).append(point, record);
  const auto parse = [](std::span<const std::byte> bytes) {
    return PointRecordDecoder().parse(bytes);
  };
  for (const std::size_t cut :
       {std::size_t{0}, std::size_t{5}, record.size() / 2, record.size() - 1})
    CHECK_THROWS_AS(parse(std::span(record).first(cut)), Error);
  auto longer = record;
  longer.push_back(std::byte{0});
  CHECK_THROWS_AS(parse(longer), Error);
  auto huge_count = record;
  std::fill(huge_count.begin(), huge_count.begin() + 8, std::byte{0xff});  // id length
  CHECK_THROWS_AS(parse(huge_count), Error);
}
