// The superactivators plugin: SDK glue for the SuperActivator mechanism (seed abstract 14,
// Goldberg, Kim, Stein, Wong; arXiv 2512.05038), image arm. The science lives in the other files
// of this folder; here each method binds its params, inputs and outputs to the science.
#include <assay/nn/checkpoint_value.hpp>
#include <assay/sdk.hpp>

#include "claims.hpp"
#include "scene_study.hpp"

namespace {

namespace sa = assay::superactivators;
using assay::RealArray;

constexpr const char* kPaper =
    "SuperActivators: concept-aligned attention heads amplify activation gaps, so the "
    "in-concept token distribution grows a separated positive tail; detection by top tokens "
    "beats standard aggregators (seed abstract 14; Goldberg, Kim, Stein, Wong, arXiv "
    "2512.05038)";

// ---------------------------------------------------------------- scenes as ports

// A procedural_scenes node's three outputs (run with patch = the ViT's patch).
struct SceneArrays {
  RealArray images, shape_coverage, colour_coverage;
};

assay::stdlib::Scenes scenes_of(const SceneArrays& a, const std::string& port) {
  if (a.images.rank() != 4 || a.shape_coverage.rank() != 4 || a.colour_coverage.rank() != 4 ||
      a.shape_coverage.shape[0] != a.images.shape[0])
    throw assay::Error(port +
                       ": connect the images, shape_coverage and colour_coverage of one "
                       "procedural_scenes node");
  assay::stdlib::Scenes s;
  s.count = static_cast<int>(a.images.shape[0]);
  s.size = static_cast<int>(a.images.shape[1]);
  s.patches = static_cast<int>(a.shape_coverage.shape[1]);
  s.images = a.images.data;
  s.shape_coverage = a.shape_coverage.data;
  s.colour_coverage = a.colour_coverage.data;
  return s;
}

// The ports "<prefix>_images", "<prefix>_shapes", "<prefix>_colours" of an In's member.
template <class Member>
auto scene_ports(Member member, std::string prefix, std::string what) {
  return [=](auto& b) {
    b.input(
         [=](auto& in) -> auto& { return (in.*member).images; }, prefix + "_images",
         "procedural_scenes.images: " + what)
        .input(
            [=](auto& in) -> auto& { return (in.*member).shape_coverage; }, prefix + "_shapes",
            "procedural_scenes.shape_coverage of the same node")
        .input(
            [=](auto& in) -> auto& { return (in.*member).colour_coverage; }, prefix + "_colours",
            "procedural_scenes.colour_coverage of the same node");
  };
}

sa::Vit load_model(const assay::nn::Checkpoint<float>& c) {
  try {
    return sa::Vit(c);
  } catch (const std::exception& e) {
    throw assay::Error(std::string("model: not a vit_train checkpoint (") + e.what() + ")");
  }
}

// ---------------------------------------------------------------- vit_train

struct TrainIn {
  sa::VitShape shape;
  sa::TrainOptions train;
  SceneArrays train_scenes, test_scenes;
};
struct TrainOut {
  assay::nn::Checkpoint<float> model;
  double final_loss = 0, train_accuracy = 0, test_accuracy = 0;
};

template <class Member>
auto shape(Member m) {
  return [m](auto& s) -> auto& { return s.shape.*m; };
}
template <class Member>
auto training(Member m) {
  return [m](auto& s) -> auto& { return s.train.*m; };
}

assay::MethodExport vit_train_method() {
  return assay::method<TrainIn, TrainOut>(
             "vit_train",
             "Trains a tiny ViT on procedural scenes to name the majority shape (the concepts "
             "studied are never labels of tokens)")
      .cite(kPaper)
      .param(shape(&sa::VitShape::patch), "patch", "pixels per patch side", assay::range(1, 64))
      .param(shape(&sa::VitShape::dim), "dim", "residual width", assay::range(8, 1024))
      .param(shape(&sa::VitShape::layers), "layers", "transformer blocks", assay::range(1, 16))
      .param(shape(&sa::VitShape::heads), "heads", "attention heads per block", assay::range(1, 64))
      .param(training(&sa::TrainOptions::steps), "steps", "AdamW steps", assay::range(1, 1 << 20))
      .param(training(&sa::TrainOptions::batch), "batch", "scenes per step", assay::range(1, 4096))
      .param(training(&sa::TrainOptions::lr), "lr", "peak learning rate (warm-up, cosine)",
             assay::range(1e-6, 1))
      .param(training(&sa::TrainOptions::weight_decay), "weight_decay",
             "AdamW decay of the matrices", assay::range(0, 1))
      .with(scene_ports(&TrainIn::train_scenes, "train", "the scenes trained on"))
      .with(scene_ports(&TrainIn::test_scenes, "test", "held-out scenes of the test accuracy"))
      .output(&TrainOut::model, "model", "the trained ViT (Gpt config plus vit_* entries)")
      .output(&TrainOut::final_loss, "final_loss",
              "mean training cross-entropy of the last tenth of the steps [nats]")
      .output(&TrainOut::train_accuracy, "train_accuracy", "majority-shape accuracy, training")
      .output(&TrainOut::test_accuracy, "test_accuracy", "majority-shape accuracy, held out")
      .run([](const TrainIn& in, assay::Context& ctx) {
        auto train = scenes_of(in.train_scenes, "train"), test = scenes_of(in.test_scenes, "test");
        sa::VitShape s = in.shape;
        s.size = train.size;
        if (train.patches * s.patch != train.size)
          throw assay::Error("patch: " + std::to_string(s.patch) +
                             " differs from the scenes' patch; set procedural_scenes.patch to it");
        auto rng = ctx.rng();
        auto t = sa::train_vit(s, in.train, train, test, rng, [&](double f) {
          ctx.progress(f);
          ctx.throw_if_cancelled();
        });
        return TrainOut{t.model.checkpoint(), t.final_loss, t.train_accuracy, t.test_accuracy};
      });
}

// ---------------------------------------------------------------- concept_vectors

struct VectorsIn {
  assay::nn::Checkpoint<float> model;
  SceneArrays fit;
  sa::VectorOptions options;
  double min_coverage = 0.5;
};
struct VectorsOut {
  RealArray directions, offsets;
};

// directions: (layers+1) x concepts x k x dim; offsets: (layers+1) x concepts x k.
VectorsOut encode(const sa::LayerVectors& v) {
  const std::size_t layers = v.size(), concepts = v[0].size(), k = v[0][0].directions.rows(),
                    dim = v[0][0].directions.cols();
  VectorsOut out{{{layers, concepts, k, dim}, {}}, {{layers, concepts, k}, {}}};
  for (const auto& layer : v)
    for (const auto& c : layer) {
      if (static_cast<std::size_t>(c.directions.rows()) != k)
        throw assay::Error("concept_vectors: concepts got different numbers of clusters");
      for (Eigen::Index j = 0; j < c.directions.rows(); ++j) {
        for (Eigen::Index d = 0; d < c.directions.cols(); ++d)
          out.directions.data.push_back(c.directions(j, d));
        out.offsets.data.push_back(c.offsets(j));
      }
    }
  return out;
}

sa::LayerVectors decode(const RealArray& directions, const RealArray& offsets) {
  if (directions.rank() != 4 || offsets.rank() != 3)
    throw assay::Error("directions, offsets: connect a concept_vectors node's outputs");
  const auto layers = directions.shape[0], concepts = directions.shape[1], k = directions.shape[2],
             dim = directions.shape[3];
  sa::LayerVectors v(layers);
  std::size_t at = 0, off = 0;
  for (auto& layer : v)
    for (std::size_t c = 0; c < concepts; ++c) {
      sa::ConceptVector cv{Eigen::MatrixXd(k, dim), Eigen::VectorXd(k)};
      for (std::size_t j = 0; j < k; ++j) {
        for (std::size_t d = 0; d < dim; ++d) cv.directions(j, d) = directions.data[at++];
        cv.offsets(j) = offsets.data[off++];
      }
      layer.push_back(std::move(cv));
    }
  return v;
}

const auto model_and_coverage = [](auto& b) {
  b.input(
       [](auto& in) -> auto& { return in.model; }, "model", "vit_train.model")
      .param(
          [](auto& in) -> auto& { return in.min_coverage; }, "min_coverage",
          "share of a patch's pixels that puts the token in a concept (0 coverage: out)",
          assay::range(0.01, 1));
};

assay::MethodExport concept_vectors_method() {
  using K = sa::VectorKind;
  return assay::method<VectorsIn, VectorsOut>(
             "concept_vectors",
             "Per layer and concept (6 colours, 3 shapes), the concept vector of one kind fitted "
             "on labelled token states")
      .cite(kPaper)
      .with(model_and_coverage)
      .with(scene_ports(&VectorsIn::fit, "fit", "the scenes the vectors are fitted on"))
      .choice(
          [](auto& in) -> auto& { return in.options.kind; }, "kind",
          std::vector<std::pair<std::string, K>>{{"mean_difference", K::mean_difference},
                                                 {"linear_separator", K::linear_separator},
                                                 {"kmeans", K::kmeans},
                                                 {"kmeans_separator", K::kmeans_separator}},
          "mean difference, logistic separator, k-means centroids, or a separator per "
          "k-means cluster")
      .param(
          [](auto& in) -> auto& { return in.options.clusters; }, "clusters",
          "k of the k-means kinds", assay::range(1, 64))
      .param(
          [](auto& in) -> auto& { return in.options.ridge; }, "ridge",
          "L2 penalty of the logistic separators", assay::range(0, 10))
      .output(&VectorsOut::directions, "directions",
              "(layers + 1) x 9 x k x dim: per layer (0: embedding) and concept, k directions")
      .output(&VectorsOut::offsets, "offsets",
              "(layers + 1) x 9 x k: the hyperplane offsets of the signed distance")
      .claims(sa::tail_claims())
      .run([](const VectorsIn& in, assay::Context& ctx) {
        const auto model = load_model(in.model);
        const auto fit = sa::view_scenes(model, scenes_of(in.fit, "fit"), in.min_coverage);
        auto rng = ctx.rng();
        return encode(sa::fit_layer_vectors(fit, in.options, rng));
      });
}

// ---------------------------------------------------------------- concept_detection

// What concept_detection and amplification read: a model, its concept vectors, a reference set
// of scenes (calibration, or the fit scenes that choose aligned heads) and test scenes.
struct AnalysisIn {
  assay::nn::Checkpoint<float> model;
  RealArray directions, offsets;
  SceneArrays reference, test;
  sa::Activation activation = sa::Activation::cosine;
  double min_coverage = 0.5;
};
struct DetectionRow {
  std::int64_t layer = 0;
  std::string concept_name;
  std::int64_t context = 0;
  double tail_fraction = 0, chosen_p = 0, superactivator_f1 = 0;
  double max_f1 = 0, mean_f1 = 0, last_f1 = 0, random_f1 = 0;
};
struct CurveRow {
  std::int64_t layer = 0;
  std::string concept_name;
  double p = 0, f1 = 0;
};
struct DetectionOut {
  std::vector<DetectionRow> detection;
  std::vector<CurveRow> curve;
};

const auto activation_choice = [](auto& b) {
  using A = sa::Activation;
  b.choice(
       [](auto& in) -> auto& { return in.activation; }, "activation",
       std::vector<std::pair<std::string, A>>{{"cosine", A::cosine},
                                              {"signed_distance", A::signed_distance}},
       "a token's activation: cosine with a direction, or signed distance to its hyperplane")
      .input(
          [](auto& in) -> auto& { return in.directions; }, "directions",
          "concept_vectors.directions")
      .input(
          [](auto& in) -> auto& { return in.offsets; }, "offsets", "concept_vectors.offsets");
};

assay::MethodExport concept_detection_method() {
  return assay::method<AnalysisIn, DetectionOut>(
             "concept_detection",
             "Per layer and concept: the tail fraction, and SuperActivator detection against "
             "max/mean/last/random-token aggregators, thresholds chosen on calibration scenes")
      .cite(kPaper)
      .with(model_and_coverage)
      .with(activation_choice)
      .with(scene_ports(&AnalysisIn::reference, "calibration",
                        "scenes that choose every threshold and p"))
      .with(scene_ports(&AnalysisIn::test, "test", "scenes the F1 is measured on"))
      .output(&DetectionOut::detection, "detection",
              "per layer and concept: share of in-concept test tokens above the 99.9th "
              "percentile of out tokens; chosen p and test F1 of SuperActivator; each "
              "aggregator's test F1",
              assay::columns<DetectionRow>()
                  .column(&DetectionRow::layer, "layer")
                  .column(&DetectionRow::concept_name, "concept")
                  .column(&DetectionRow::context, "context")
                  .column(&DetectionRow::tail_fraction, "tail_fraction")
                  .column(&DetectionRow::chosen_p, "chosen_p")
                  .column(&DetectionRow::superactivator_f1, "superactivator_f1")
                  .column(&DetectionRow::max_f1, "max_f1")
                  .column(&DetectionRow::mean_f1, "mean_f1")
                  .column(&DetectionRow::last_f1, "last_f1")
                  .column(&DetectionRow::random_f1, "random_f1"))
      .output(&DetectionOut::curve, "curve", "test F1 of SuperActivator detection at every p",
              assay::columns<CurveRow>()
                  .column(&CurveRow::layer, "layer")
                  .column(&CurveRow::concept_name, "concept")
                  .column(&CurveRow::p, "p")
                  .column(&CurveRow::f1, "f1"))
      .claims(sa::detection_claims())
      .run([](const AnalysisIn& in, assay::Context& ctx) {
        const auto model = load_model(in.model);
        const auto vectors = decode(in.directions, in.offsets);
        const auto cal =
            sa::view_scenes(model, scenes_of(in.reference, "calibration"), in.min_coverage);
        const auto test = sa::view_scenes(model, scenes_of(in.test, "test"), in.min_coverage);
        const auto cal_act = sa::layer_activations(vectors, cal, in.activation);
        const auto test_act = sa::layer_activations(vectors, test, in.activation);
        auto rng = ctx.rng();
        DetectionOut out;
        for (std::size_t l = 0; l < vectors.size(); ++l)
          for (int c = 0; c < test.concepts.count(); ++c) {
            const auto d = sa::detect_concept(
                {cal_act[l][c], cal.concepts.token.col(c), cal.concepts.image.col(c)},
                {test_act[l][c], test.concepts.token.col(c), test.concepts.image.col(c)},
                test.concepts.tokens_per_image, sa::default_sparsity_levels(), rng);
            const auto& name = test.concepts.names[c];
            const auto& b = d.baseline_f1;
            out.detection.push_back({static_cast<std::int64_t>(l), name,
                                     test.concepts.context[c] ? 1 : 0,
                                     sa::tail_fraction(test_act[l][c], test.concepts.token.col(c)),
                                     d.chosen_p, d.superactivator_f1, b[0], b[1], b[2], b[3]});
            for (std::size_t i = 0; i < d.p.size(); ++i)
              out.curve.push_back({static_cast<std::int64_t>(l), name, d.p[i], d.curve_f1[i]});
          }
        return out;
      });
}

// ---------------------------------------------------------------- amplification

struct HeadRow {
  std::string concept_name;
  std::int64_t block = 0, head = 0, aligned = 0;
  double alignment = 0, slope_in = 0, slope_all = 0;
};
struct AblationRow {
  std::string concept_name, ablated;
  double tail_fraction = 0;
};
struct AmplificationOut {
  std::vector<HeadRow> heads;
  std::vector<AblationRow> ablation;
};

assay::MethodExport amplification_method() {
  return assay::method<AnalysisIn, AmplificationOut>(
             "amplification",
             "Per concept and head: alignment with the concept and the slope of the head's "
             "change against the prior activation; the last-layer tail with aligned or other "
             "heads ablated")
      .cite(kPaper)
      .with(model_and_coverage)
      .with(activation_choice)
      .with(scene_ports(&AnalysisIn::reference, "fit", "scenes that choose the aligned heads"))
      .with(scene_ports(&AnalysisIn::test, "test", "scenes the slopes and tails use"))
      .output(&AmplificationOut::heads, "heads",
              "per concept, block and head (test scenes): alignment, slope over in-concept "
              "tokens and over all; aligned = chosen on the fit scenes",
              assay::columns<HeadRow>()
                  .column(&HeadRow::concept_name, "concept")
                  .column(&HeadRow::block, "block")
                  .column(&HeadRow::head, "head")
                  .column(&HeadRow::aligned, "aligned")
                  .column(&HeadRow::alignment, "alignment")
                  .column(&HeadRow::slope_in, "slope_in")
                  .column(&HeadRow::slope_all, "slope_all"))
      .output(&AmplificationOut::ablation, "ablation",
              "per concept: last-layer tail fraction with none, the aligned, or as many other "
              "heads ablated",
              assay::columns<AblationRow>()
                  .column(&AblationRow::concept_name, "concept")
                  .column(&AblationRow::ablated, "ablated")
                  .column(&AblationRow::tail_fraction, "tail_fraction"))
      .claims(sa::amplification_claims())
      .run([](const AnalysisIn& in, assay::Context& ctx) {
        const auto model = load_model(in.model);
        const auto vectors = decode(in.directions, in.offsets);
        const auto fit_scenes = scenes_of(in.reference, "fit"),
                   test_scenes = scenes_of(in.test, "test");
        const auto fit = sa::view_scenes(model, fit_scenes, in.min_coverage);
        const auto test = sa::view_scenes(model, test_scenes, in.min_coverage);
        const auto last = vectors.size() - 1;
        auto rng = ctx.rng();
        AmplificationOut out;
        for (int c = 0; c < test.concepts.count(); ++c) {
          const auto& name = test.concepts.names[c];
          const auto aligned =
              sa::aligned_heads(sa::head_amplification(fit.states, fit.concepts.token.col(c)));
          for (const auto& h : sa::head_amplification(test.states, test.concepts.token.col(c))) {
            const bool is_aligned = std::find(aligned.begin(), aligned.end(),
                                              sa::HeadId{h.block, h.head}) != aligned.end();
            out.heads.push_back(
                {name, h.block, h.head, is_aligned ? 1 : 0, h.alignment, h.slope_in, h.slope_all});
          }
          const auto tail = [&](const std::vector<sa::HeadId>& heads) {
            const auto view = sa::view_scenes(model, test_scenes, in.min_coverage, heads);
            return sa::tail_fraction(
                sa::concept_activations(vectors[last][c], view.states.layers[last], in.activation),
                test.concepts.token.col(c));
          };
          out.ablation.push_back({name, "none", tail({})});
          out.ablation.push_back({name, "aligned", tail(aligned)});
          out.ablation.push_back(
              {name, "control", tail(sa::control_heads(aligned, model.shape().heads, rng))});
        }
        return out;
      });
}

}  // namespace

ASSAY_PLUGIN("superactivators", "0.1.0", "MIT", vit_train_method(), concept_vectors_method(),
             concept_detection_method(), amplification_method());
