#include "addition_tasks.hpp"

#include <catch2/catch.hpp>
#include <set>

#include "char_codec.hpp"
#include "scoring.hpp"

namespace bt = assay::bitmask_tuning;
namespace nn = assay::nn;

TEST_CASE("addition problems in the three formats", "[bitmask_tuning]") {
  REQUIRE(bt::line_of(bt::make_problem(47, 38, bt::AdditionFormat::two_digit)) == "47+38=85\n");
  REQUIRE(bt::line_of(bt::make_problem(472, 389, bt::AdditionFormat::three_digit)) ==
          "472+389=861\n");
  REQUIRE(bt::make_problem(47, 85, bt::AdditionFormat::reversed).answer == "231");
  nn::Rng rng(2);
  const auto held_out = bt::draw_problems(bt::AdditionFormat::two_digit, 100, rng);
  const auto train = bt::draw_problems(bt::AdditionFormat::two_digit, 7000, rng, held_out);
  std::set<std::string> prompts;
  for (const auto& p : held_out) prompts.insert(p.prompt);
  for (const auto& p : train) REQUIRE(prompts.insert(p.prompt).second);
  REQUIRE_THROWS_WITH(bt::draw_problems(bt::AdditionFormat::two_digit, 8001, rng, held_out),
                      Catch::Contains("8001 distinct problems"));
}

TEST_CASE("the task A stream mixes text and additions, never the held-out ones",
          "[bitmask_tuning]") {
  nn::Rng rng(4);
  const auto held_out = bt::draw_problems(bt::AdditionFormat::two_digit, 2000, rng);
  const std::vector<std::string> docs{"You will meet\ta stranger.", "Caf\xc3\xa9 life."};
  const auto stream =
      bt::task_a_stream(docs, {.characters = 50000, .addition_share = 0.5}, rng, held_out);
  REQUIRE(stream.size() == 50000);
  REQUIRE(stream.find("You will meet a stranger.\n") != std::string::npos);
  REQUIRE(stream.find("Caf?? life.\n") != std::string::npos);
  std::set<std::string> excluded;
  for (const auto& p : held_out) excluded.insert(p.prompt);
  long additions = 0, texts = 0;
  std::size_t start = 0;
  for (std::size_t end; (end = stream.find('\n', start)) != std::string::npos; start = end + 1) {
    const auto line = stream.substr(start, end - start);
    const auto eq = line.find('=');
    if (eq == std::string::npos) {
      ++texts;
      continue;
    }
    ++additions;
    REQUIRE(!excluded.count(line.substr(0, eq + 1)));
  }
  // Half the items are additions, less the quarter of them that were held out.
  const double share = static_cast<double>(additions) / (additions + texts);
  REQUIRE(share > 0.38);
  REQUIRE(share < 0.48);
}

TEST_CASE("SFT batches score the answer and its newline only", "[bitmask_tuning]") {
  const auto batch = bt::sft_batch({bt::make_problem(12, 34, bt::AdditionFormat::two_digit),
                                    bt::make_problem(99, 99, bt::AdditionFormat::two_digit)});
  REQUIRE(batch.rows == 2);
  // "99+99=198\n" has 10 characters: 9 inputs per row.
  REQUIRE(batch.inputs.size() == 18);
  const auto t = bt::encode("46\n");
  const std::vector<int> row0(batch.targets.begin(), batch.targets.begin() + 9);
  REQUIRE(row0 == std::vector<int>{-1, -1, -1, -1, -1, t[0], t[1], t[2], -1});
  REQUIRE(bt::decode(std::vector<int>(batch.inputs.begin() + 9, batch.inputs.end())) ==
          "99+99=198");
}
