#include "answer_accuracy.hpp"

namespace assay::counting_bottleneck {

Eigen::MatrixXd answer_logits(const CountingModel& model, const std::vector<Sequence>& items) {
  nn::Tape<float> tape;
  tape.set_grad_enabled(false);
  const nn::TokenBatch b = sequence_batch(token_rows(items));
  const auto n = static_cast<nn::Index>(items.size());
  const nn::Matrix all = model.gpt->logits(tape, b.inputs, n).value();
  const nn::Index t = kSequenceLength - 1;
  Eigen::MatrixXd out(n, all.cols());
  for (nn::Index i = 0; i < n; ++i) out.row(i) = all.row(i * t + kArrowPosition).cast<double>();
  return out;
}

AnswerAccuracy answer_accuracy(const CountingModel& model, const std::vector<Sequence>& items) {
  const Eigen::MatrixXd logits = answer_logits(model, items);
  AnswerAccuracy a;
  for (Eigen::Index i = 0; i < logits.rows(); ++i) {
    Eigen::Index digit = 0, any = 0;
    logits.row(i).segment(token::kDigit0, 10).maxCoeff(&digit);
    logits.row(i).maxCoeff(&any);
    const int answer = items[static_cast<std::size_t>(i)].count;
    a.constrained += digit == answer;
    a.free += any == token::digit(answer);
    a.digit_share += any >= token::kDigit0 && any < token::kDigit0 + 10;
  }
  const double n = static_cast<double>(logits.rows());
  return {a.constrained / n, a.free / n, a.digit_share / n};
}

}  // namespace assay::counting_bottleneck
