#include "step_flops.hpp"

#include <cmath>

namespace assay::state_prediction {
namespace {

double allowed_pairs(const nn::Mat<float>& mask) {
  return static_cast<double>((mask.array() == 0.0f).count());
}

}  // namespace

StepFlops measure_step_flops(InterleavedLm& model, nn::Index batch) {
  nn::Gpt<float>& gpt = model.gpt();
  StepFlops flops;
  const auto names = gpt.projection_names();
  for (const auto& name : names) {
    nn::Projection<float>& p = gpt.projection(name);
    p.use([&flops, base = p.base()](nn::Var<float> x) {
      flops.projections += 2.0 * static_cast<double>(x.rows()) * static_cast<double>(base.in()) *
                           static_cast<double>(base.out());
      return base(x);
    });
  }
  {
    nn::Tape<float> tape;
    nn::NoGradScope<float> no_grad(tape);
    const std::vector<int> zeros(static_cast<std::size_t>(batch * model.layout().window()), 0);
    model.prediction_logits(model.input_stream(tape, zeros, batch), batch);
  }
  for (const auto& name : names) gpt.projection(name).reset();
  const auto& c = gpt.config();
  flops.attention =
      4.0 * static_cast<double>(batch * c.layers * c.dim) * allowed_pairs(model.mask());
  return flops;
}

}  // namespace assay::state_prediction
