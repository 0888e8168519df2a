#include "mlp_fit.hpp"

#include <assay/nn/nn.hpp>
#include <memory>
#include <numbers>

#include "fourier_spectrum.hpp"

namespace assay::qnn_spectral {

FitHistory fit_mlp(const FourierTarget& target, int points, const MlpOptions& mlp,
                   const FitOptions& opt, std::uint64_t seed,
                   const std::function<void(double)>& progress) {
  const Eigen::VectorXd grid = equispaced_grid(points);
  const Eigen::VectorXd y = target.sample(grid);
  nn::Mat<double> inputs = (grid.array() / std::numbers::pi - 1).matrix();
  const nn::Mat<double> targets = y;
  nn::Rng rng(seed);
  nn::ParameterSet<double> params;
  std::vector<nn::Index> widths{1};
  for (int h : mlp.hidden) widths.push_back(h);
  widths.push_back(1);
  nn::Mlp<double> net(params, "mlp", widths, nn::Activation::tanh, rng);
  std::unique_ptr<nn::Optimizer<double>> optimizer;
  if (opt.optimizer == Optimizer::adam)
    optimizer =
        std::make_unique<nn::Adam<double>>(params, nn::AdamOptions{.lr = opt.learning_rate});
  else
    optimizer = std::make_unique<nn::Sgd<double>>(params, nn::SgdOptions{.lr = opt.learning_rate});
  FitHistory history;
  nn::Tape<double> tape;
  for (int step = 0;; ++step) {
    tape.clear();
    optimizer->zero_grad();
    const auto out = net(tape.constant(inputs));
    const Eigen::VectorXd r = Eigen::Map<const Eigen::VectorXd>(out.value().data(), points) - y;
    if (step % opt.record_every == 0 || step == opt.steps) history.record(step, r);
    if (step == opt.steps) break;
    tape.backward(nn::mse(out, targets));
    optimizer->step();
    if (progress) progress(double(step + 1) / opt.steps);
  }
  return history;
}

}  // namespace assay::qnn_spectral
