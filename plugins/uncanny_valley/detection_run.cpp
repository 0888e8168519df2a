#include "detection_run.hpp"

namespace assay::uncanny_valley {

namespace {
// The progress of a part of a run that covers [from, from + width) of the whole.
Progress part(const Progress& progress, double from, double width) {
  if (!progress) return {};
  return [=](double x) { progress(from + width * x); };
}
}  // namespace

Pretrained pretrain_detection(const std::vector<std::string>& documents, const Encoder& encode,
                              std::int64_t vocab, std::int64_t end_of_document,
                              const DetectionOptions& options, std::mt19937_64& rng,
                              const Progress& progress) {
  DetectionLm lm(vocab, options.shape, rng);
  const auto tokens = pretraining_tokens(documents, options.f, encode, end_of_document, rng);
  auto losses = pretrain(lm, tokens, options.pretraining, rng(), progress);
  return {lm.checkpoint(), std::move(losses)};
}

TaskRun run_task(const nn::Checkpoint<float>& pretrained, const DetectionData& data,
                 const DetectionOptions& options, std::mt19937_64& rng, const Progress& progress) {
  // Training takes about 3/5 of the time, evaluation the rest.
  DetectionLm lm(pretrained);
  TaskRun run;
  run.needles = train_needles(lm, data.train, options.needles, rng, part(progress, 0, 0.6));
  run.rates = evaluate_rates(lm, data.test, options.rates, options.kinds, options.examples, rng,
                             part(progress, 0.6, 0.4));
  return run;
}

DetectionRun run_detection(const DetectionData& data, const DetectionOptions& options,
                           std::mt19937_64& rng, const Progress& progress) {
  auto pretrained = pretrain_detection(data.pretraining_documents, data.train.encode, data.vocab,
                                       data.end_of_document, options, rng, part(progress, 0, 0.5));
  auto task = run_task(pretrained.model, data, options, rng, part(progress, 0.5, 0.5));
  return {std::move(pretrained.losses), std::move(task.needles), std::move(task.rates)};
}

}  // namespace assay::uncanny_valley
