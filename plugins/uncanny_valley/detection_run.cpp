#include "detection_run.hpp"

namespace assay::uncanny_valley {

DetectionRun run_detection(const DetectionData& data, const DetectionOptions& options,
                           std::mt19937_64& rng, const Progress& progress) {
  // Pretraining, the needle task and the evaluation take about 5 : 3 : 2 of the time.
  const auto part = [&](double from, double width) -> Progress {
    if (!progress) return {};
    return [=](double x) { progress(from + width * x); };
  };
  DetectionLm lm(data.vocab, options.shape, rng);
  const auto tokens = pretraining_tokens(data.pretraining_documents, options.f, data.train.encode,
                                         data.end_of_document, rng);
  DetectionRun run;
  run.pretraining = pretrain(lm, tokens, options.pretraining, rng(), part(0, 0.5));
  run.needles = train_needles(lm, data.train, options.needles, rng, part(0.5, 0.3));
  run.rates = evaluate_rates(lm, data.test, options.rates, options.kinds, options.examples, rng,
                             part(0.8, 0.2));
  return run;
}

}  // namespace assay::uncanny_valley
