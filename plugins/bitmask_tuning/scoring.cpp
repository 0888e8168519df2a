#include "scoring.hpp"

#include <algorithm>
#include <assay/nn/generation.hpp>
#include <assay/nn/ops.hpp>
#include <map>
#include <stdexcept>

#include "char_codec.hpp"

namespace assay::bitmask_tuning {

namespace {
// Greedy answers are cut at the first newline; this many tokens always reach it when right.
std::size_t longest_answer(const std::vector<const Problem*>& group) {
  std::size_t n = 0;
  for (const auto* p : group) n = std::max(n, p->answer.size());
  return n + 1;
}

int correct_in(const nn::Gpt<float>& model, const std::vector<const Problem*>& group) {
  std::vector<std::vector<int>> prompts;
  for (const auto* p : group) prompts.push_back(encode(p->prompt));
  nn::Rng unused(0);  // greedy decoding draws nothing
  const auto decoded = nn::decode(
      model, prompts, {.new_tokens = static_cast<nn::Index>(longest_answer(group)), .greedy = true},
      unused);
  int correct = 0;
  for (std::size_t i = 0; i < group.size(); ++i) {
    const auto expected = encode(group[i]->answer + "\n");
    const auto& got = decoded.tokens[i];
    correct += std::equal(expected.begin(), expected.end(), got.begin());
  }
  return correct;
}
}  // namespace

double exact_match(const nn::Gpt<float>& model, const std::vector<Problem>& problems) {
  if (problems.empty()) throw std::invalid_argument("exact_match: no problems");
  std::map<std::size_t, std::vector<const Problem*>> by_length;
  for (const auto& p : problems) by_length[p.prompt.size()].push_back(&p);
  int correct = 0;
  for (const auto& [length, group] : by_length) correct += correct_in(model, group);
  return static_cast<double>(correct) / static_cast<double>(problems.size());
}

double text_loss(const nn::Gpt<float>& model, const std::vector<int>& tokens, int max_windows) {
  const nn::Index t = model.config().context;
  const nn::Index windows =
      std::min<nn::Index>(max_windows, (static_cast<nn::Index>(tokens.size()) - 1) / t);
  if (windows < 1) throw std::invalid_argument("text_loss: text shorter than one window");
  std::vector<int> inputs, targets;
  for (nn::Index w = 0; w < windows; ++w) {
    const auto start = tokens.begin() + w * t;
    inputs.insert(inputs.end(), start, start + t);
    targets.insert(targets.end(), start + 1, start + t + 1);
  }
  nn::Tape<float> tape;
  nn::NoGradScope<float> no_grad(tape);
  return model.loss(tape, inputs, targets, windows).item();
}

SftBatch sft_batch(const std::vector<Problem>& problems) {
  std::size_t width = 0;
  for (const auto& p : problems) width = std::max(width, line_of(p).size() - 1);
  SftBatch out;
  out.rows = static_cast<nn::Index>(problems.size());
  for (const auto& p : problems) {
    auto line = encode(line_of(p));
    const std::size_t answer_from = p.prompt.size();  // first answer token in the line
    line.resize(width + 1, kNewline);
    for (std::size_t j = 0; j < width; ++j) {
      out.inputs.push_back(line[j]);
      const bool scored = j + 1 >= answer_from && j + 1 <= answer_from + p.answer.size();
      out.targets.push_back(scored ? line[j + 1] : -1);
    }
  }
  return out;
}

double answer_loss(const nn::Gpt<float>& model, const std::vector<Problem>& problems) {
  const auto batch = sft_batch(problems);
  nn::Tape<float> tape;
  nn::NoGradScope<float> no_grad(tape);
  return model.loss(tape, batch.inputs, batch.targets, batch.rows).item();
}

}  // namespace assay::bitmask_tuning
