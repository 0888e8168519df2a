#include "run/result_queue.hpp"

#include <catch2/catch.hpp>
#include <chrono>
#include <future>
#include <string>

namespace {

using assay::PointResult;
using assay::ResultQueue;
using namespace std::chrono_literals;

PointResult point(const std::string& id) {
  PointResult p;
  p.id = id;
  return p;
}

}  // namespace

TEST_CASE("the result queue hands points to the writer in the order they came", "[run]") {
  ResultQueue queue(8);
  queue.push(point("a"));
  queue.push(point("b"));
  const auto soon = ResultQueue::Clock::now() + 1s;
  CHECK(queue.pop_until(soon)->id == "a");
  CHECK(queue.pop_until(soon)->id == "b");
}

TEST_CASE("an empty result queue returns nothing once the deadline passes", "[run]") {
  ResultQueue queue(8);
  const auto start = ResultQueue::Clock::now();
  CHECK_FALSE(queue.pop_until(start + 20ms).has_value());
  CHECK(ResultQueue::Clock::now() - start >= 20ms);
  CHECK_FALSE(queue.drained());
}

TEST_CASE("closing the result queue wakes a waiting writer", "[run]") {
  ResultQueue queue(8);
  auto writer = std::async(std::launch::async, [&] {
    return queue.pop_until(ResultQueue::Clock::now() + 10s).has_value();
  });
  CHECK(writer.wait_for(20ms) == std::future_status::timeout);
  queue.close();
  REQUIRE(writer.wait_for(5s) == std::future_status::ready);
  CHECK_FALSE(writer.get());
  CHECK(queue.drained());
}

TEST_CASE("a closed result queue still hands over the points it holds", "[run]") {
  ResultQueue queue(8);
  queue.push(point("last"));
  queue.close();
  CHECK_FALSE(queue.drained());
  CHECK(queue.pop_until(ResultQueue::Clock::now() + 1s)->id == "last");
  CHECK(queue.drained());
}

TEST_CASE("a full result queue holds the producer until the writer takes a point", "[run]") {
  ResultQueue queue(1);
  queue.push(point("first"));
  auto producer = std::async(std::launch::async, [&] { queue.push(point("second")); });
  CHECK(producer.wait_for(50ms) == std::future_status::timeout);
  const auto soon = ResultQueue::Clock::now() + 1s;
  CHECK(queue.pop_until(soon)->id == "first");
  CHECK(producer.wait_for(5s) == std::future_status::ready);
  CHECK(queue.pop_until(soon)->id == "second");
}
