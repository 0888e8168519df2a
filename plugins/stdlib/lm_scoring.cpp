#include "lm_scoring.hpp"

#include <algorithm>
#include <assay/nn/tape.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

namespace assay::stdlib {

namespace {

// log softmax(row)[target], in double so that rounding does not bias the mean.
double target_logprob(const nn::Mat<float>& logits, nn::Index row, int target) {
  const auto r = logits.row(row).cast<double>();
  const double top = r.maxCoeff();
  return r(target) - top - std::log((r.array() - top).exp().sum());
}

}  // namespace

WindowScores score_windows(const nn::Gpt<float>& gpt, const std::vector<int>& tokens,
                           nn::Index batch, nn::Index max_windows) {
  const nn::Index context = gpt.config().context;
  const nn::Index available = (static_cast<nn::Index>(tokens.size()) - 1) / context;
  if (available < 1)
    throw std::invalid_argument(
        "tokens: " + std::to_string(tokens.size()) +
        " tokens do not fill one window of context + 1 = " + std::to_string(context + 1));
  const nn::Index windows = std::min(available, max_windows);
  WindowScores out{nn::Mat<double>(windows, context)};
  nn::Tape<float> tape;
  for (nn::Index first = 0; first < windows; first += batch) {
    const nn::Index n = std::min(batch, windows - first);
    const auto begin = tokens.begin() + first * context;
    const std::vector<int> inputs(begin, begin + n * context);
    tape.clear();
    const nn::Mat<float>& logits = gpt.logits(tape, inputs, n).value();
    for (nn::Index w = 0; w < n; ++w)
      for (nn::Index j = 0; j < context; ++j)
        out.logprobs(first + w, j) =
            target_logprob(logits, w * context + j, *(begin + w * context + j + 1));
  }
  out.loss = -out.logprobs.mean();
  return out;
}

}  // namespace assay::stdlib
