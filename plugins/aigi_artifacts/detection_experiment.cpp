#include "detection_experiment.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace assay::aigi_artifacts {

namespace {

void check_setup(const nn::Matrix& sources, const std::vector<int>& classes,
                 const std::vector<nn::Matrix>& fakes, const DetectionSetup& setup) {
  if (static_cast<std::size_t>(sources.rows()) != classes.size())
    throw std::invalid_argument("sources: " + std::to_string(sources.rows()) + " images but " +
                                std::to_string(classes.size()) + " labels");
  if (setup.train_generators.empty()) throw std::invalid_argument("train_generators: none given");
  for (const auto* list : {&setup.train_generators, &setup.held_out})
    for (int g : *list)
      if (g < 0 || g >= static_cast<int>(fakes.size()) || fakes[g].rows() != sources.rows())
        throw std::invalid_argument("generator " + std::to_string(g) + ": no fakes of the sources");
  if (!(setup.train_share > 0 && setup.train_share < 1))
    throw std::invalid_argument("train_share: " + std::to_string(setup.train_share) +
                                " outside (0, 1)");
}

bool in(const std::vector<int>& set, int x) {
  return std::find(set.begin(), set.end(), x) != set.end();
}

}  // namespace

std::vector<int> shortcut_subset() { return {0, 1, 2, 3, 4}; }

DetectionResult run_detection(const nn::Matrix& sources, const std::vector<int>& classes,
                              const std::vector<nn::Matrix>& fakes, const DetectionSetup& setup,
                              nn::Rng& rng) {
  check_setup(sources, classes, fakes, setup);
  const auto n_train = static_cast<nn::Index>(setup.train_share * sources.rows());
  if (n_train < 1 || n_train >= sources.rows())
    throw std::invalid_argument("train_share: leaves an empty split of " +
                                std::to_string(sources.rows()) + " sources");
  DetectorData data{sources.topRows(n_train), {}, {}, {}};
  data.real_classes.assign(classes.begin(), classes.begin() + n_train);
  std::vector<std::pair<int, nn::Index>> fake_rows;  // (generator, row)
  for (int g : setup.train_generators)
    for (nn::Index i = 0; i < n_train; ++i)
      if (setup.shortcut_classes.empty() || in(setup.shortcut_classes, classes[i]))
        fake_rows.push_back({g, i});
  data.fakes.resize(static_cast<nn::Index>(fake_rows.size()), sources.cols());
  for (std::size_t k = 0; k < fake_rows.size(); ++k) {
    data.fakes.row(static_cast<nn::Index>(k)) = fakes[fake_rows[k].first].row(fake_rows[k].second);
    data.fake_classes.push_back(classes[fake_rows[k].second]);
  }
  Detector detector(rng);
  DetectionResult out;
  out.loss = train_detector(detector, data, setup.training, rng);
  const auto n_eval = sources.rows() - n_train;
  std::vector<nn::Matrix> eval_fakes(fakes.size());
  for (int g : setup.held_out) eval_fakes[g] = fakes[g].bottomRows(n_eval);
  out.held_out =
      evaluate_held_out(detector, sources.bottomRows(n_eval), eval_fakes, setup.held_out);
  return out;
}

}  // namespace assay::aigi_artifacts
