// Task A and task B of the adaptation experiment, as text lines "a+b=c\n".
//
// Task A (pretraining): a character language model on text documents, with 2-digit additions
// ("47+38=85") interleaved between the documents. Task B (adaptation): 3-digit additions
// ("472+389=861"), or 2-digit additions whose sum is written with its digits reversed
// ("47+38=58"). A problem is scored by exact match of the greedy continuation of its prompt.
#pragma once

#include <assay/nn/matrix.hpp>
#include <string>
#include <vector>

namespace assay::bitmask_tuning {

enum class AdditionFormat { two_digit, three_digit, reversed };

struct Problem {
  std::string prompt;  // "47+38="
  std::string answer;  // "85", without the newline that ends the line
  bool operator==(const Problem&) const = default;
};

Problem make_problem(int a, int b, AdditionFormat format);
// prompt + answer + "\n".
std::string line_of(const Problem& p);

// `count` distinct problems of `format` with operands uniform over their digit range, none of
// them in `exclude`. Throws std::invalid_argument when fewer than `count` remain.
std::vector<Problem> draw_problems(AdditionFormat format, int count, nn::Rng& rng,
                                   const std::vector<Problem>& exclude = {});

struct TaskAOptions {
  long characters = 200000;     // length of the stream
  double addition_share = 0.9;  // expected fraction of the stream's items that are additions
};

// The pretraining stream: the documents in order (cycling), each followed by a newline, and
// before each document addition lines for as long as a uniform draw falls below
// addition_share, so that about that share of the items (documents and addition lines) are
// additions. Problems in `exclude` (the held-out A evaluation problems) never appear.
std::string task_a_stream(const std::vector<std::string>& documents, const TaskAOptions& options,
                          nn::Rng& rng, const std::vector<Problem>& exclude);

}  // namespace assay::bitmask_tuning
