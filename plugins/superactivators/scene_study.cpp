#include "scene_study.hpp"

#include <algorithm>
#include <numeric>

namespace assay::superactivators {
namespace {

using Eigen::VectorXd;
using Eigen::VectorXi;

stdlib::Scenes make_scenes(int count, std::mt19937_64& rng) {
  stdlib::SceneOptions o;
  o.count = count;
  o.patch = 4;
  return stdlib::generate_scenes(o, rng);
}

// The tokens of the drawn images, in draw order.
std::pair<VectorXd, VectorXi> draw_tokens(const VectorXd& act, const VectorXi& labels,
                                          const std::vector<int>& images, int tokens) {
  VectorXd a(static_cast<Eigen::Index>(images.size()) * tokens);
  VectorXi l(a.size());
  for (std::size_t i = 0; i < images.size(); ++i) {
    a.segment(i * tokens, tokens) = act.segment(images[i] * tokens, tokens);
    l.segment(i * tokens, tokens) = labels.segment(images[i] * tokens, tokens);
  }
  return {a, l};
}

double drawn_tail(const VectorXd& act, const VectorXi& labels, const std::vector<int>& images,
                  int tokens) {
  const auto [a, l] = draw_tokens(act, labels, images, tokens);
  return tail_fraction(a, l);
}

}  // namespace

SceneView view_scenes(const Vit& model, const stdlib::Scenes& scenes, double min_coverage,
                      const std::vector<HeadId>& ablated) {
  const auto patches = patchify(scenes.images, scenes.count, scenes.size, model.shape().patch);
  return {model.states(patches, scenes.count, ablated), scene_concepts(scenes, min_coverage)};
}

LayerVectors fit_layer_vectors(const SceneView& fit, const VectorOptions& options,
                               std::mt19937_64& rng) {
  LayerVectors out(fit.states.layers.size());
  for (std::size_t l = 0; l < out.size(); ++l)
    for (int c = 0; c < fit.concepts.count(); ++c)
      out[l].push_back(
          fit_concept_vector(fit.states.layers[l], fit.concepts.token.col(c), options, rng));
  return out;
}

std::vector<std::vector<VectorXd>> layer_activations(const LayerVectors& vectors,
                                                     const SceneView& view, Activation a) {
  std::vector<std::vector<VectorXd>> out(vectors.size());
  for (std::size_t l = 0; l < vectors.size(); ++l)
    for (const auto& v : vectors[l])
      out[l].push_back(concept_activations(v, view.states.layers[l], a));
  return out;
}

StudyResult run_scene_study(const StudyOptions& o, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto train = make_scenes(o.train_images, rng), fit_scenes = make_scenes(o.fit_images, rng),
             cal_scenes = make_scenes(o.calibration_images, rng),
             test_scenes = make_scenes(o.test_images, rng);
  const auto trained = train_vit(o.shape, o.train, train, test_scenes, rng);
  const Vit& model = trained.model;
  const auto fit = view_scenes(model, fit_scenes, o.min_coverage);
  const auto cal = view_scenes(model, cal_scenes, o.min_coverage);
  const auto test = view_scenes(model, test_scenes, o.min_coverage);
  const auto vectors = fit_layer_vectors(fit, o.vectors, rng);
  const auto cal_act = layer_activations(vectors, cal, o.activation);
  const auto test_act = layer_activations(vectors, test, o.activation);
  const int tokens = o.shape.tokens(), last = o.shape.layers, concepts = test.concepts.count();

  StudyResult r;
  r.test_accuracy = trained.test_accuracy;
  r.concepts = test.concepts.names;
  r.context = test.concepts.context;
  std::vector<int> context;
  for (int c = 0; c < concepts; ++c)
    if (r.context[c]) context.push_back(c);

  // Check 1: the tail grows with depth for context concepts.
  r.tail.resize(last + 1);
  for (int l = 0; l <= last; ++l)
    for (int c = 0; c < concepts; ++c)
      r.tail[l].push_back(tail_fraction(test_act[l][c], test.concepts.token.col(c)));
  r.context_tail_growth = bootstrap(o.test_images, o.resamples, rng, [&](const auto& images) {
    double sum = 0;
    for (int c : context) {
      const VectorXi labels = test.concepts.token.col(c);
      sum += drawn_tail(test_act[last][c], labels, images, tokens) -
             drawn_tail(test_act[0][c], labels, images, tokens);
    }
    return sum / context.size();
  });

  // Check 2: SuperActivator detection against the aggregators, at the last layer.
  const auto levels = default_sparsity_levels();
  for (int c = 0; c < concepts; ++c)
    r.detection.push_back(
        detect_concept({cal_act[last][c], cal.concepts.token.col(c), cal.concepts.image.col(c)},
                       {test_act[last][c], test.concepts.token.col(c), test.concepts.image.col(c)},
                       tokens, levels, rng));
  std::vector<double> baseline_mean(aggregator_count, 0);
  for (const auto& d : r.detection)
    for (int a = 0; a < aggregator_count; ++a) baseline_mean[a] += d.baseline_f1[a] / concepts;
  r.best_baseline = static_cast<int>(std::max_element(baseline_mean.begin(), baseline_mean.end()) -
                                     baseline_mean.begin());
  r.f1_gain = bootstrap(concepts, o.resamples * 5, rng, [&](const auto& drawn) {
    double sum = 0;
    for (int c : drawn)
      sum += r.detection[c].superactivator_f1 - r.detection[c].baseline_f1[r.best_baseline];
    return sum / drawn.size();
  });
  r.mean_curve.assign(levels.size(), 0);
  for (const auto& d : r.detection)
    for (std::size_t i = 0; i < levels.size(); ++i) r.mean_curve[i] += d.curve_f1[i] / concepts;
  r.peak_p =
      levels[std::max_element(r.mean_curve.begin(), r.mean_curve.end()) - r.mean_curve.begin()];

  // Check 3: heads aligned on the fit scenes; their slopes and ablation measured on test scenes.
  std::vector<VectorXd> aligned_act, control_act;
  for (int c : context) {
    const auto aligned = aligned_heads(head_amplification(fit.states, fit.concepts.token.col(c)));
    const auto on_test = head_amplification(test.states, test.concepts.token.col(c));
    for (const auto& h : on_test)
      if (std::find(aligned.begin(), aligned.end(), HeadId{h.block, h.head}) != aligned.end())
        r.aligned_slopes.push_back(h.slope_in);
    const auto control = control_heads(aligned, o.shape.heads, rng);
    const auto ablated = [&](const std::vector<HeadId>& heads) {
      const auto view = view_scenes(model, test_scenes, o.min_coverage, heads);
      return concept_activations(vectors[last][c], view.states.layers[last], o.activation);
    };
    aligned_act.push_back(ablated(aligned));
    control_act.push_back(ablated(control));
    const VectorXi labels = test.concepts.token.col(c);
    r.tail_intact.push_back(r.tail[last][c]);
    r.tail_aligned_ablated.push_back(tail_fraction(aligned_act.back(), labels));
    r.tail_control_ablated.push_back(tail_fraction(control_act.back(), labels));
  }
  r.aligned_slope = t_interval(r.aligned_slopes);
  r.ablation_effect = bootstrap(o.test_images, o.resamples, rng, [&](const auto& images) {
    double sum = 0;
    for (std::size_t i = 0; i < context.size(); ++i) {
      const VectorXi labels = test.concepts.token.col(context[i]);
      sum += drawn_tail(control_act[i], labels, images, tokens) -
             drawn_tail(aligned_act[i], labels, images, tokens);
    }
    return sum / context.size();
  });
  return r;
}

}  // namespace assay::superactivators
