// The qnn_spectral plugin: SDK glue for spectral amplitude priority in quantum neural networks.
// The science lives in the other files of this folder; this file binds the methods' params and
// outputs to plain structs, calls the science and registers the claims of claims.hpp.
#include <assay/sdk.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "claims.hpp"
#include "fourier_spectrum.hpp"
#include "light_cone.hpp"
#include "mlp_fit.hpp"
#include "paper_claims.hpp"
#include "qnn_fit.hpp"
#include "quantum_tangent_kernel.hpp"
#include "spectral_order.hpp"

namespace {

namespace qs = assay::qnn_spectral;

constexpr const char* kPaper =
    "Xu, Zhang, Yan: Spectral amplitude priority in quantum neural networks, arXiv:2409.06682 "
    "(seed paper 19)";

// The target and optimiser params both fit methods share. Frequencies stay a real vector (as
// before SDK 2): an int vector would change the text the point id is hashed from ("[1, 5]"
// instead of "[1.0, 5.0]") and so every shipped point's seed; target_of checks integrality.
struct FitSettings {
  std::vector<double> frequencies{1, 5};
  std::vector<double> amplitudes{0.1, 0.5};
  int points = qs::kCheckPoints;
  qs::FitOptions fit;
};

// Defaults of the fit methods: the configuration the checks use.
struct QnnSettings {
  int qubits = 2;
  int layers = 3;
  qs::Encoding encoding = qs::Encoding::repeated;
  FitSettings target;
};

struct MlpSettings {
  int width = 32;
  int depth = 2;
  FitSettings target{.fit = {.learning_rate = 0.01}};
};

struct StepLoss {
  int step = 0;
  double loss = 0;
};

struct FitSummary {
  double initial_loss = 0;
  double final_loss = 0;
  std::int64_t first_learned_frequency = -1;
  std::int64_t order_by_amplitude = 0;
  std::int64_t order_by_frequency = 0;
  Eigen::MatrixXd residual_spectrum;
  std::vector<StepLoss> history;
  std::vector<qs::ComponentProgress> components;
};

struct QnnSummary {
  FitSummary fit;
  std::int64_t max_frequency = 0;
  std::vector<qs::SpectralLine> accessible_spectrum;
  std::int64_t realised_max_frequency = 0;
  std::vector<qs::SpectralLine> realised_spectrum;
  Eigen::MatrixXd qntk_fourier;
  Eigen::VectorXd qntk_diagonal;
};

struct MlpSummary {
  FitSummary fit;
  Eigen::MatrixXd ntk_fourier;
  Eigen::VectorXd ntk_diagonal;
};

qs::FourierTarget target_of(const FitSettings& s) {
  if (s.frequencies.empty() || s.frequencies.size() != s.amplitudes.size())
    throw assay::Error("frequencies/amplitudes: need the same, nonzero number of entries");
  qs::FourierTarget t;
  for (double w : s.frequencies) {
    if (w != std::floor(w) || w >= s.points / 2.0)
      throw assay::Error("frequencies: " + assay::to_text(w) +
                         " is not an integer in [0, points/2); raise `points` or lower it");
    t.frequencies.push_back(int(w));
  }
  t.amplitudes = s.amplitudes;
  return t;
}

FitSummary summary_of(const qs::FourierTarget& target, const qs::FitHistory& history) {
  FitSummary s;
  s.components = qs::component_progress(target, history);
  const auto order = qs::learning_order(s.components);
  s.initial_loss = history.loss.front();
  s.final_loss = history.loss.back();
  s.first_learned_frequency = order.first_frequency;
  s.order_by_amplitude = order.by_amplitude;
  s.order_by_frequency = order.by_frequency;
  s.residual_spectrum = history.residual_spectrum;
  for (std::size_t k = 0; k < history.steps.size(); ++k)
    s.history.push_back({history.steps[k], history.loss[k]});
  return s;
}

std::function<void(double)> progress_of(assay::Context& ctx) {
  return [&ctx](double f) {
    ctx.throw_if_cancelled();
    ctx.progress(f);
  };
}

// Binds the target and optimiser params at `target` (a FitSettings) of a method's settings.
template <class Target>
auto fit_params(Target target) {
  return [target](auto& m) {
    m.param(
         [target](auto& s) -> auto& { return target(s).frequencies; }, "frequencies",
         "target frequencies w_k (integers)", assay::at_least(0))
        .param(
            [target](auto& s) -> auto& { return target(s).amplitudes; }, "amplitudes",
            "target amplitudes A_k of cos(w_k x)")
        .param(
            [target](auto& s) -> auto& { return target(s).points; }, "points",
            "equispaced training points on [0, 2 pi)", assay::range(4, 4096))
        .param(
            [target](auto& s) -> auto& { return target(s).fit.steps; }, "steps", "optimiser steps",
            assay::range(0, 1000000))
        .param(
            [target](auto& s) -> auto& { return target(s).fit.learning_rate; }, "learning_rate",
            "optimiser step size", assay::range(0, 10))
        .choice(
            [target](auto& s) -> auto& { return target(s).fit.optimizer; }, "optimizer",
            {{"adam", qs::Optimizer::adam}, {"gradient_descent", qs::Optimizer::gradient_descent}},
            "optimiser")
        .param(
            [target](auto& s) -> auto& { return target(s).fit.record_every; }, "record_every",
            "record the residual spectrum every this many steps", assay::range(1, 1000000));
  };
}

// Binds the fit outputs at `fit` (a FitSummary) of a method's summary.
template <class Fit>
auto fit_outputs(Fit fit) {
  return [fit](auto& m) {
    m.output(
         [fit](auto& o) -> auto& { return fit(o).initial_loss; }, "initial_loss",
         "mean squared residual at step 0")
        .output(
            [fit](auto& o) -> auto& { return fit(o).final_loss; }, "final_loss",
            "mean squared residual after the last step")
        .output(
            [fit](auto& o) -> auto& { return fit(o).first_learned_frequency; },
            "first_learned_frequency", "target frequency whose residual halved first (-1: none)")
        .output(
            [fit](auto& o) -> auto& { return fit(o).order_by_amplitude; }, "order_by_amplitude",
            "1 if components halved in order of decreasing amplitude")
        .output(
            [fit](auto& o) -> auto& { return fit(o).order_by_frequency; }, "order_by_frequency",
            "1 if components halved in order of increasing frequency")
        .output(
            [fit](auto& o) -> auto& { return fit(o).residual_spectrum; }, "residual_spectrum",
            "residual amplitude |r_w| (rows w = 0..points/2) per record")
        .output(
            [fit](auto& o) -> auto& { return fit(o).history; }, "history", "step, loss",
            assay::columns<StepLoss>()
                .column(&StepLoss::step, "step")
                .column(&StepLoss::loss, "loss"))
        .output(
            [fit](auto& o) -> auto& { return fit(o).components; }, "components",
            "per target component: frequency, amplitude, half_step, "
            "final_relative_residual",
            assay::columns<qs::ComponentProgress>()
                .column(&qs::ComponentProgress::frequency, "frequency")
                .column(&qs::ComponentProgress::amplitude, "amplitude")
                .column(&qs::ComponentProgress::half_step, "half_step")
                .column(&qs::ComponentProgress::final_relative_residual,
                        "final_relative_residual"));
  };
}

assay::Columns<qs::SpectralLine> spectrum_columns() {
  return assay::columns<qs::SpectralLine>()
      .column(&qs::SpectralLine::frequency, "frequency")
      .column(&qs::SpectralLine::degeneracy, "degeneracy");
}

// ---------------------------------------------------------------- qnn_fourier_fit

QnnSummary qnn_fourier_fit(const QnnSettings& s, assay::Context& ctx) {
  const auto target = target_of(s.target);
  const auto circuit = qs::reuploading_circuit(s.qubits, s.layers, s.encoding);
  const auto fit =
      qs::fit_qnn(circuit, target, s.target.points, s.target.fit, ctx.seed(), progress_of(ctx));
  QnnSummary out;
  out.fit = summary_of(target, fit.history);
  out.accessible_spectrum = qs::accessible_spectrum(circuit.encoding_scales());
  out.realised_spectrum = qs::accessible_spectrum(qs::realised_encoding_scales(circuit));
  out.max_frequency = out.accessible_spectrum.back().frequency;
  out.realised_max_frequency = out.realised_spectrum.back().frequency;
  const auto jac =
      qs::batch_jacobian(circuit, fit.initial_theta, qs::equispaced_grid(s.target.points));
  out.qntk_fourier = qs::fourier_kernel_magnitude(qs::tangent_kernel(jac.jacobian));
  out.qntk_diagonal = out.qntk_fourier.diagonal();
  return out;
}

assay::MethodExport qnn_fourier_fit_method() {
  return assay::method<QnnSettings, QnnSummary>(
             "qnn_fourier_fit",
             "Data re-uploading QNN (state-vector simulation, adjoint gradients, Adam) fitted to "
             "a Fourier series; residual spectrum and QNTK")
      .cite(kPaper)
      .param(&QnnSettings::qubits, "qubits", "number of qubits n", assay::range(1, 10))
      .param(&QnnSettings::layers, "layers", "encoding layers L", assay::range(1, 10))
      .choice(&QnnSettings::encoding, "encoding",
              {{"repeated", qs::Encoding::repeated}, {"exponential", qs::Encoding::exponential}},
              "encoding scales: all 1 (repeated) or 2^j for the j-th encoding gate")
      .with(fit_params([](auto& s) -> auto& { return s.target; }))
      .with(fit_outputs([](auto& o) -> auto& { return o.fit; }))
      .output(&QnnSummary::max_frequency, "max_frequency",
              "largest frequency of the encoding (all encoding gates; an upper bound of the "
              "model's)")
      .output(&QnnSummary::accessible_spectrum, "accessible_spectrum",
              "frequency, degeneracy of the encoding", spectrum_columns())
      .output(&QnnSummary::realised_max_frequency, "realised_max_frequency",
              "largest frequency the model can express: only the encoding gates in the "
              "backward light cone of <Z_0>")
      .output(&QnnSummary::realised_spectrum, "realised_spectrum",
              "frequency, degeneracy from the encoding gates that reach <Z_0>", spectrum_columns())
      .output(&QnnSummary::qntk_fourier, "qntk_fourier",
              "|U K U^dag| of the QNTK at initialisation, w, w' = 0..points/2")
      .output(&QnnSummary::qntk_diagonal, "qntk_diagonal",
              "its diagonal: the lazy decay rate per w")
      .claims(qs::qnn_fourier_fit_claims())
      .run(qnn_fourier_fit);
}

// ---------------------------------------------------------------- mlp_fourier_fit

MlpSummary mlp_fourier_fit(const MlpSettings& s, assay::Context& ctx) {
  const auto target = target_of(s.target);
  qs::MlpOptions mlp;
  mlp.hidden.assign(s.depth, s.width);
  const auto history =
      qs::fit_mlp(target, s.target.points, mlp, s.target.fit, ctx.seed(), progress_of(ctx));
  MlpSummary out;
  out.fit = summary_of(target, history);
  out.ntk_fourier = qs::fourier_kernel_magnitude(
      qs::tangent_kernel(qs::mlp_initial_jacobian(s.target.points, mlp, ctx.seed())));
  out.ntk_diagonal = out.ntk_fourier.diagonal();
  return out;
}

assay::MethodExport mlp_fourier_fit_method() {
  return assay::method<MlpSettings, MlpSummary>(
             "mlp_fourier_fit",
             "Classical baseline: tanh MLP fitted to the same Fourier series with the same "
             "optimiser and budget; residual spectrum over training")
      .cite(kPaper)
      .param(&MlpSettings::width, "width", "hidden units per layer", assay::range(1, 4096))
      .param(&MlpSettings::depth, "depth", "hidden layers", assay::range(1, 16))
      .with(fit_params([](auto& s) -> auto& { return s.target; }))
      .with(fit_outputs([](auto& o) -> auto& { return o.fit; }))
      .output(&MlpSummary::ntk_fourier, "ntk_fourier",
              "|U K U^dag| of the empirical NTK at initialisation, w, w' = 0..points/2")
      .output(&MlpSummary::ntk_diagonal, "ntk_diagonal", "its diagonal: the lazy decay rate per w")
      .claims(qs::mlp_fourier_fit_claims())
      .run(mlp_fourier_fit);
}

}  // namespace

ASSAY_PLUGIN("qnn_spectral", "0.1.0", "MIT", qnn_fourier_fit_method(), mlp_fourier_fit_method())
