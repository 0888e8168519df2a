#include "mlp_fit.hpp"

#include <assay/nn/nn.hpp>
#include <memory>
#include <numbers>

#include "fourier_spectrum.hpp"

namespace assay::qnn_spectral {
namespace {

// x in [0, 2 pi) mapped to x / pi - 1, one row per grid point.
nn::Mat<double> network_inputs(int points) {
  return (equispaced_grid(points).array() / std::numbers::pi - 1).matrix();
}

nn::Mlp<double> initial_network(nn::ParameterSet<double>& params, const MlpOptions& mlp,
                                std::uint64_t seed) {
  nn::Rng rng(seed);
  std::vector<nn::Index> widths{1};
  for (int h : mlp.hidden) widths.push_back(h);
  widths.push_back(1);
  return nn::Mlp<double>(params, "mlp", widths, nn::Activation::tanh, rng);
}

}  // namespace

FitHistory fit_mlp(const FourierTarget& target, int points, const MlpOptions& mlp,
                   const FitOptions& opt, std::uint64_t seed,
                   const std::function<void(double)>& progress) {
  const Eigen::VectorXd grid = equispaced_grid(points);
  const Eigen::VectorXd y = target.sample(grid);
  const nn::Mat<double> inputs = network_inputs(points);
  const nn::Mat<double> targets = y;
  nn::ParameterSet<double> params;
  const auto net = initial_network(params, mlp, seed);
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

Eigen::MatrixXd mlp_initial_jacobian(int points, const MlpOptions& mlp, std::uint64_t seed) {
  const nn::Mat<double> inputs = network_inputs(points);
  nn::ParameterSet<double> params;
  const auto net = initial_network(params, mlp, seed);
  Eigen::MatrixXd jacobian(points, params.count());
  nn::Tape<double> tape;
  for (int i = 0; i < points; ++i) {
    tape.clear();
    params.zero_grad();
    tape.backward(nn::sum(net(tape.constant(inputs.row(i)))));
    Eigen::Index column = 0;
    for (std::size_t k = 0; k < params.size(); ++k) {
      const auto& grad = params.at(k).grad;
      jacobian.row(i).segment(column, grad.size()) =
          Eigen::Map<const Eigen::RowVectorXd>(grad.data(), grad.size());
      column += grad.size();
    }
  }
  return jacobian;
}

}  // namespace assay::qnn_spectral
