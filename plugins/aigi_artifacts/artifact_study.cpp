#include "artifact_study.hpp"

#include <algorithm>
#include <limits>

#include "forensic_descriptors.hpp"

namespace assay::aigi_artifacts {

Attribution attribute_family(const std::vector<Eigen::MatrixXd>& descriptors,
                             const AttributionOptions& options) {
  const auto n = descriptors.at(0).rows(), half = n / 2;
  const auto g = static_cast<Eigen::Index>(descriptors.size());
  Eigen::MatrixXd fit(g * half, kDescriptorSize), score(g * (n - half), kDescriptorSize);
  std::vector<int> fit_labels, score_labels;
  for (Eigen::Index k = 0; k < g; ++k) {
    fit.middleRows(k * half, half) = descriptors[k].topRows(half);
    score.middleRows(k * (n - half), n - half) = descriptors[k].bottomRows(n - half);
    fit_labels.insert(fit_labels.end(), half, static_cast<int>(k));
    score_labels.insert(score_labels.end(), n - half, static_cast<int>(k));
  }
  return attribute_generators(fit, fit_labels, score, score_labels, static_cast<int>(g), options);
}

Study run_study(const nn::Matrix& train_images, const nn::Matrix& sources,
                const std::vector<int>& classes, const StudyScale& scale, nn::Rng& rng,
                const std::function<void(const std::string&)>& log) {
  const auto say = [&](const std::string& s) {
    if (log) log(s);
  };
  Study s;
  s.generators = train_generators(train_images, sources, scale.generators, {}, rng);
  say("generators trained");
  for (const auto& f : s.generators.fakes) s.descriptors.push_back(forensic_descriptors(f));
  s.attribution = attribute_family(s.descriptors, {});
  s.train = generator_indices(scale.train_generators);
  for (int g = 0; g < static_cast<int>(s.descriptors.size()); ++g) {
    if (std::find(s.train.begin(), s.train.end(), g) != s.train.end()) continue;
    s.held_out.push_back(g);
    double d = std::numeric_limits<double>::infinity();
    for (int t : s.train) d = std::min(d, descriptor_distance(s.descriptors[g], s.descriptors[t]));
    s.distance.push_back(d);
  }
  say("attribution accuracy " + std::to_string(s.attribution.accuracy));
  for (int seed = 0; seed < scale.seeds; ++seed) {
    nn::Rng seed_rng(rng());
    const auto run = [&](DetectorMethod method, bool shortcut) {
      DetectionSetup setup{s.train, s.held_out, shortcut ? shortcut_subset() : std::vector<int>{},
                           scale.detector};
      setup.training.method = method;
      // Every arm of a seed starts from the same weights and draws the same batches.
      nn::Rng arm = seed_rng;
      return run_detection(sources, classes, s.generators.fakes, setup, arm);
    };
    s.runs.push_back({run(DetectorMethod::baseline, false), run(DetectorMethod::sa_afl_lite, false),
                      run(DetectorMethod::baseline, true), run(DetectorMethod::sa_afl_lite, true)});
    const auto& r = s.runs.back();
    say("seed " + std::to_string(seed) + ": held-out AUC baseline " +
        std::to_string(r.baseline.held_out.auc) + " sa_afl " +
        std::to_string(r.sa_afl.held_out.auc) + " mAP " + std::to_string(r.baseline.held_out.map) +
        " / " + std::to_string(r.sa_afl.held_out.map) + " shortcut mAP " +
        std::to_string(r.baseline_shortcut.held_out.map) + " / " +
        std::to_string(r.sa_afl_shortcut.held_out.map));
  }
  return s;
}

}  // namespace assay::aigi_artifacts
