#include "addition_tasks.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "char_codec.hpp"

namespace assay::bitmask_tuning {

namespace {

struct OperandRange {
  int low, high;  // inclusive
};

OperandRange operand_range(AdditionFormat format) {
  return format == AdditionFormat::three_digit ? OperandRange{100, 999} : OperandRange{10, 99};
}

int uniform_int(const OperandRange& r, nn::Rng& rng) {
  const int span = r.high - r.low + 1;
  return r.low + std::min(span - 1, static_cast<int>(nn::uniform01(rng) * span));
}

std::set<std::string> prompts_of(const std::vector<Problem>& problems) {
  std::set<std::string> out;
  for (const auto& p : problems) out.insert(p.prompt);
  return out;
}

}  // namespace

Problem make_problem(int a, int b, AdditionFormat format) {
  std::string answer = std::to_string(a + b);
  if (format == AdditionFormat::reversed) std::reverse(answer.begin(), answer.end());
  return {std::to_string(a) + "+" + std::to_string(b) + "=", answer};
}

std::string line_of(const Problem& p) { return p.prompt + p.answer + "\n"; }

std::vector<Problem> draw_problems(AdditionFormat format, int count, nn::Rng& rng,
                                   const std::vector<Problem>& exclude) {
  const auto r = operand_range(format);
  const long span = r.high - r.low + 1;
  auto seen = prompts_of(exclude);
  if (count < 0 || span * span - static_cast<long>(seen.size()) < count)
    throw std::invalid_argument("draw_problems: " + std::to_string(count) +
                                " distinct problems requested, fewer exist");
  std::vector<Problem> out;
  out.reserve(count);
  while (static_cast<int>(out.size()) < count) {
    const int a = uniform_int(r, rng), b = uniform_int(r, rng);
    auto p = make_problem(a, b, format);
    if (seen.insert(p.prompt).second) out.push_back(std::move(p));
  }
  return out;
}

std::string task_a_stream(const std::vector<std::string>& documents, const TaskAOptions& options,
                          nn::Rng& rng, const std::vector<Problem>& exclude) {
  if (documents.empty()) throw std::invalid_argument("task_a_stream: no documents");
  if (!(options.addition_share >= 0 && options.addition_share < 1))
    throw std::invalid_argument("addition_share: " + std::to_string(options.addition_share) +
                                " outside [0, 1)");
  const auto held_out = prompts_of(exclude);
  const auto r = operand_range(AdditionFormat::two_digit);
  // Per text line, the number of addition lines before it is geometric with this mean ratio.
  const double p = options.addition_share;
  std::string out;
  std::size_t doc = 0;
  while (static_cast<long>(out.size()) < options.characters) {
    while (nn::uniform01(rng) < p) {
      const auto problem =
          make_problem(uniform_int(r, rng), uniform_int(r, rng), AdditionFormat::two_digit);
      if (!held_out.count(problem.prompt)) out += line_of(problem);
    }
    out += normalise(documents[doc]);
    out += '\n';
    doc = (doc + 1) % documents.size();
  }
  out.resize(options.characters);
  return out;
}

}  // namespace assay::bitmask_tuning
