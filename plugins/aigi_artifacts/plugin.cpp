// The aigi_artifacts plugin: SDK glue for shortcut learning in AI-generated image detection
// (seed paper 3). The science lives in the other files of this folder; here each method binds
// its params and ports and converts the pipeline's arrays to the science's matrices.
#include <assay/sdk.hpp>

#include "artifact_study.hpp"
#include "fashion_images.hpp"
#include "forensic_descriptors.hpp"
#include "paper_claims.hpp"

namespace {

namespace aa = assay::aigi_artifacts;
namespace nn = assay::nn;

constexpr const char* kPaper =
    "Shortcut learning in AI-generated image detection: the generator-artifact multi-cluster "
    "(GAMC) hypothesis and semantic-artifact disentangled, self-adversarial artifact feature "
    "learning (SA-AFL) (seed paper 3)";

// ---------------------------------------------------------------- fakes as a port

// The family's fakes: (generators x sources x 28 x 28), generators in family order.
assay::RealArray fakes_array(const std::vector<nn::Matrix>& fakes) {
  const auto n = static_cast<std::size_t>(fakes.at(0).rows());
  assay::RealArray a{{fakes.size(), n, aa::kSide, aa::kSide}, {}};
  a.data.reserve(fakes.size() * n * aa::kSide * aa::kSide);
  for (const auto& f : fakes)
    for (nn::Index i = 0; i < f.rows(); ++i)
      for (nn::Index j = 0; j < f.cols(); ++j) a.data.push_back(f(i, j));
  return a;
}

std::vector<nn::Matrix> fakes_of(const assay::RealArray& a) {
  const auto family = aa::generator_family().size();
  if (a.rank() != 4 || a.shape[0] != family || a.shape[2] != aa::kSide || a.shape[3] != aa::kSide)
    throw assay::Error("fakes: expected " + std::to_string(family) +
                       " x sources x 28 x 28 (generators_train's output)");
  const auto n = static_cast<nn::Index>(a.shape[1]), px = aa::kSide * aa::kSide;
  std::vector<nn::Matrix> out(family, nn::Matrix(n, px));
  for (std::size_t g = 0; g < family; ++g)
    for (nn::Index i = 0; i < n; ++i)
      for (nn::Index j = 0; j < px; ++j)
        out[g](i, j) = static_cast<float>(a.data[(g * n + i) * px + j]);
  return out;
}

// The first `rows` images of an image_set split (all when rows exceeds the count).
aa::LabelledImages leading_images(const assay::RealArray& images, const assay::IntArray& labels,
                                  std::size_t rows, const char* what) {
  if (images.rank() != 3) throw assay::Error(std::string(what) + ": expected count x 28 x 28");
  rows = std::min(rows, images.shape[0]);
  const auto px = images.shape[1] * images.shape[2];
  const std::vector<double> pixels(images.data.begin(), images.data.begin() + rows * px);
  const std::vector<std::int64_t> head(labels.data.begin(),
                                       labels.data.begin() + std::min(rows, labels.data.size()));
  try {
    return aa::labelled_images({rows, images.shape[1], images.shape[2]}, pixels, head, what);
  } catch (const std::invalid_argument& e) {
    throw assay::Error(e.what());
  }
}

std::vector<int> family_indices(const std::string& names, const char* param) {
  try {
    return aa::generator_indices(names);
  } catch (const std::invalid_argument& e) {
    throw assay::Error(std::string(param) + ": " + e.what());
  }
}

// ---------------------------------------------------------------- generators_train

struct GeneratorSettings {
  assay::RealArray train_images, source_images;
  assay::IntArray train_labels, source_labels;
  aa::AutoencoderTraining training;
  int max_train = 5000;
  int sources = 600;
};

struct GeneratorRow {
  int index = 0;
  std::string name, upsampling, bottleneck, output;
  double final_loss = 0;
};

struct GeneratorOutputs {
  assay::RealArray fakes;
  std::vector<GeneratorRow> generators;
};

std::string part(const std::string& name, int k) {
  std::size_t start = 0;
  for (int i = 0; i < k; ++i) start = name.find('-', start) + 1;
  return name.substr(start, name.find('-', start) - start);
}

GeneratorOutputs generators_train(const GeneratorSettings& s, assay::Context& ctx) {
  const auto train = leading_images(s.train_images, s.train_labels, s.max_train, "train_images");
  const auto sources = leading_images(s.source_images, s.source_labels, s.sources, "source_images");
  auto rng = ctx.rng();
  const auto g =
      aa::train_generators(train.pixels, sources.pixels, s.training, {}, rng, [&](double f) {
        ctx.progress(f);
        ctx.throw_if_cancelled();
      });
  GeneratorOutputs out{fakes_array(g.fakes), {}};
  for (std::size_t i = 0; i < g.specs.size(); ++i) {
    const auto name = aa::generator_name(g.specs[i]);
    out.generators.push_back(
        {static_cast<int>(i), name, part(name, 0), part(name, 1), part(name, 2), g.final_loss[i]});
    ctx.log(name + ": final mse " + assay::number_text(g.final_loss[i]));
  }
  return out;
}

assay::MethodExport generators_train_method() {
  using S = GeneratorSettings;
  using O = GeneratorOutputs;
  return assay::method<S, O>("generators_train",
                             "Trains the 16 autoencoders of the factorial generator family "
                             "(upsampling x bottleneck x output) and reconstructs the source "
                             "images with each: fakes whose semantics match real images")
      .cite(kPaper)
      .input(&S::train_images, "train_images", "images the generators learn (image_set)")
      .input(&S::train_labels, "train_labels", "their labels (only counted)")
      .input(&S::source_images, "source_images", "images every generator reconstructs")
      .input(&S::source_labels, "source_labels", "their labels (only counted)")
      .param(&S::max_train, "max_train", "leading train images used", assay::range(16, 1 << 20))
      .param(&S::sources, "sources", "leading source images reconstructed",
             assay::range(16, 1 << 16))
      .param(
          [](S & s) -> auto& { return s.training.steps; }, "steps", "Adam steps per generator",
          assay::range(1, 1 << 20))
      .param(
          [](S & s) -> auto& { return s.training.batch; }, "batch", "images per step",
          assay::range(1, 4096))
      .param(
          [](S & s) -> auto& { return s.training.lr; }, "lr", "Adam learning rate",
          assay::range(1e-6, 1))
      .output(&O::fakes, "fakes", "generators x sources x 28 x 28, generators in family order")
      .output(&O::generators, "generators",
              "per generator: index, name, upsampling, bottleneck, output, final_loss",
              assay::columns<GeneratorRow>()
                  .column(&GeneratorRow::index, "index")
                  .column(&GeneratorRow::name, "name")
                  .column(&GeneratorRow::upsampling, "upsampling")
                  .column(&GeneratorRow::bottleneck, "bottleneck")
                  .column(&GeneratorRow::output, "output")
                  .column(&GeneratorRow::final_loss, "final_loss"))
      .run(generators_train);
}

// ---------------------------------------------------------------- artifact_descriptors

struct DescriptorSettings {
  assay::RealArray fakes, images;
  assay::IntArray labels;
  aa::AttributionOptions attribution;
};

struct SpectrumRow {
  std::string source;
  int bin = 0;
  double log10_power = 0;
};

struct DescriptorOutputs {
  std::vector<SpectrumRow> spectra;
  Eigen::MatrixXd distance;
  double attribution_accuracy = 0, chance = 0;
  assay::IntArray confusion;
};

DescriptorOutputs artifact_descriptors(const DescriptorSettings& s) {
  const auto fakes = fakes_of(s.fakes);
  const auto reals = leading_images(s.images, s.labels, fakes[0].rows(), "images");
  std::vector<Eigen::MatrixXd> d;
  for (const auto& f : fakes) d.push_back(aa::forensic_descriptors(f));
  DescriptorOutputs out;
  const auto family = aa::generator_family();
  const auto add_spectrum = [&](const std::string& source, const Eigen::MatrixXd& descriptors) {
    const auto m = aa::mean_log_spectrum(descriptors);
    for (int k = 0; k < m.size(); ++k) out.spectra.push_back({source, k + 1, m(k)});
  };
  add_spectrum("real", aa::forensic_descriptors(reals.pixels));
  out.distance.resize(d.size(), d.size());
  for (std::size_t g = 0; g < d.size(); ++g) {
    add_spectrum(aa::generator_name(family[g]), d[g]);
    for (std::size_t h = 0; h < d.size(); ++h)
      out.distance(g, h) = aa::descriptor_distance(d[g], d[h]);
  }
  const auto a = aa::attribute_family(d, s.attribution);
  out.attribution_accuracy = a.accuracy;
  out.chance = a.chance;
  out.confusion.shape = {d.size(), d.size()};
  for (Eigen::Index i = 0; i < a.confusion.rows(); ++i)
    for (Eigen::Index j = 0; j < a.confusion.cols(); ++j)
      out.confusion.data.push_back(a.confusion(i, j));
  return out;
}

assay::MethodExport artifact_descriptors_method() {
  using S = DescriptorSettings;
  using O = DescriptorOutputs;
  return assay::method<S, O>("artifact_descriptors",
                             "Forensic descriptors of each generator's fakes (azimuthal power "
                             "spectrum, neighbour residual x - up(down(x)), noise variance), "
                             "their distances, and generator attribution from them")
      .cite(kPaper)
      .input(&S::fakes, "fakes", "generators_train's fakes")
      .input(&S::images, "images", "the real source images (their leading rows match the fakes)")
      .input(&S::labels, "labels", "their labels")
      .param(
          [](S & s) -> auto& { return s.attribution.steps; }, "attribution_steps",
          "full-batch Adam steps of the attribution regression", assay::range(1, 100000))
      .output(&O::spectra, "spectra",
              "mean log10 azimuthal power per radius bin, for the reals and each generator",
              assay::columns<SpectrumRow>()
                  .column(&SpectrumRow::source, "source")
                  .column(&SpectrumRow::bin, "radius")
                  .column(&SpectrumRow::log10_power, "log10_power"))
      .output(&O::distance, "distance",
              "generators x generators: L2 between mean log10 azimuthal power spectra")
      .output(&O::attribution_accuracy, "attribution_accuracy",
              "held-out accuracy of attributing a fake to its generator (second half of the "
              "sources; fitted on the first)")
      .output(&O::chance, "chance", "1 / generators")
      .output(&O::confusion, "confusion", "true generator x predicted generator counts")
      .run(artifact_descriptors);
}

// ---------------------------------------------------------------- detector_train

struct DetectorSettings {
  assay::RealArray fakes, images;
  assay::IntArray labels;
  std::string train_generators = "tconv-wide-sigmoid";
  bool shortcut = false;
  double train_share = 0.5;
  aa::DetectorTraining training;
};

struct HeldOutRow {
  std::string generator;
  double distance = 0, accuracy = 0, ap = 0, auc = 0;
};

struct LossRow {
  int step = 0;
  double loss = 0;
};

struct DetectorOutputs {
  std::vector<HeldOutRow> per_generator;
  double accuracy = 0, map = 0, auc = 0, effective_rank = 0;
  std::vector<LossRow> history;
};

DetectorOutputs detector_train(const DetectorSettings& s, assay::Context& ctx) {
  const auto fakes = fakes_of(s.fakes);
  const auto sources = leading_images(s.images, s.labels, fakes[0].rows(), "images");
  if (sources.pixels.rows() != fakes[0].rows())
    throw assay::Error("images: " + std::to_string(sources.pixels.rows()) +
                       " images, fewer than the fakes' " + std::to_string(fakes[0].rows()));
  aa::DetectionSetup setup{family_indices(s.train_generators, "train_generators"),
                           {},
                           s.shortcut ? aa::shortcut_subset() : std::vector<int>{},
                           s.training,
                           s.train_share};
  std::vector<Eigen::MatrixXd> d;
  for (const auto& f : fakes) d.push_back(aa::forensic_descriptors(f));
  for (int g = 0; g < static_cast<int>(fakes.size()); ++g)
    if (std::find(setup.train_generators.begin(), setup.train_generators.end(), g) ==
        setup.train_generators.end())
      setup.held_out.push_back(g);
  if (setup.held_out.empty()) throw assay::Error("train_generators: leaves no generator held out");
  auto rng = ctx.rng();
  aa::DetectionResult r;
  try {
    r = aa::run_detection(sources.pixels, sources.labels, fakes, setup, rng);
  } catch (const std::invalid_argument& e) {
    throw assay::Error(e.what());
  }
  DetectorOutputs out{
      {}, r.held_out.accuracy, r.held_out.map, r.held_out.auc, r.held_out.effective_rank, {}};
  const auto family = aa::generator_family();
  for (const auto& g : r.held_out.per_generator) {
    double distance = std::numeric_limits<double>::infinity();
    for (int t : setup.train_generators)
      distance = std::min(distance, aa::descriptor_distance(d[g.generator], d[t]));
    out.per_generator.push_back(
        {aa::generator_name(family[g.generator]), distance, g.accuracy, g.ap, g.auc});
  }
  for (std::size_t i = 0; i < r.loss.size(); ++i)
    out.history.push_back({static_cast<int>(i + 1), r.loss[i]});
  return out;
}

assay::MethodExport detector_train_method() {
  using S = DetectorSettings;
  using O = DetectorOutputs;
  return assay::method<S, O>("detector_train",
                             "Trains the 3-conv detector (baseline or SA-AFL-lite, our reading) "
                             "on the training generators' fakes and scores it on the held-out "
                             "generators: ACC, AP per generator, mAP, effective rank")
      .cite(kPaper)
      .input(&S::fakes, "fakes", "generators_train's fakes")
      .input(&S::images, "images", "the real source images (their leading rows match the fakes)")
      .input(&S::labels, "labels", "their classes (the shortcut and the class adversary)")
      .param(&S::train_generators, "train_generators",
             "comma-separated family names the detector trains on; the others are held out")
      .param(&S::shortcut, "shortcut",
             "training fakes only of classes 0-4 (reals of all classes): the semantic shortcut")
      .param(&S::train_share, "train_share",
             "leading share of the sources for training; the rest is evaluation",
             assay::range(0.05, 0.95))
      .choice(
          [](S & s) -> auto& { return s.training.method; }, "detector",
          std::vector<std::pair<std::string, aa::DetectorMethod>>{
              {"baseline", aa::DetectorMethod::baseline},
              {"sa_afl_lite", aa::DetectorMethod::sa_afl_lite}},
          "baseline: real/fake cross-entropy; sa_afl_lite: plus the gradient-reversed class "
          "adversary and the self-adversarial channel mask")
      .param(
          [](S & s) -> auto& { return s.training.steps; }, "steps", "Adam steps",
          assay::range(1, 1 << 20))
      .param(
          [](S & s) -> auto& { return s.training.batch; }, "batch", "images per step (half fake)",
          assay::range(2, 4096))
      .param(
          [](S & s) -> auto& { return s.training.lr; }, "lr", "Adam learning rate",
          assay::range(1e-6, 1))
      .param(
          [](S & s) -> auto& { return s.training.adversary_weight; }, "adversary_weight",
          "sa_afl_lite: gradient-reversal factor of the class adversary", assay::range(0, 100))
      .param(
          [](S & s) -> auto& { return s.training.masked_channels; }, "masked_channels",
          "sa_afl_lite: channels of largest |f dL/df| zeroed", assay::range(0, 63))
      .output(&O::per_generator, "per_generator",
              "per held-out generator: descriptor distance to the nearest training generator, "
              "accuracy, AP, AUC",
              assay::columns<HeldOutRow>()
                  .column(&HeldOutRow::generator, "generator")
                  .column(&HeldOutRow::distance, "distance")
                  .column(&HeldOutRow::accuracy, "accuracy")
                  .column(&HeldOutRow::ap, "ap")
                  .column(&HeldOutRow::auc, "auc"))
      .output(&O::accuracy, "accuracy", "mean held-out accuracy")
      .output(&O::map, "map", "mean held-out AP")
      .output(&O::auc, "auc", "mean held-out AUC")
      .output(&O::effective_rank, "effective_rank",
              "effective rank of the centred features of the evaluation images")
      .output(
          &O::history, "history", "per step: step, real/fake loss",
          assay::columns<LossRow>().column(&LossRow::step, "step").column(&LossRow::loss, "loss"))
      .claims(aa::paper_claims())
      .run(detector_train);
}

}  // namespace

ASSAY_PLUGIN("aigi_artifacts", "0.1.0", "MIT", generators_train_method(),
             artifact_descriptors_method(), detector_train_method())
