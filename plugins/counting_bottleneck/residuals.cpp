#include "residuals.hpp"

namespace assay::counting_bottleneck {

std::vector<std::string> residual_sites(int layers) {
  std::vector<std::string> sites{"embed"};
  for (int i = 0; i < layers; ++i) sites.push_back("block" + std::to_string(i) + ".out");
  sites.push_back("final");
  return sites;
}

Residuals record_residuals(const CountingModel& model, const std::vector<Sequence>& items) {
  Residuals r{residual_sites(static_cast<int>(model.gpt->config().layers)), {}};
  r.at.resize(r.sites.size());
  const auto n = static_cast<Eigen::Index>(items.size());
  const Eigen::Index t = kSequenceLength - 1;
  nn::Tape<float> tape;
  tape.set_grad_enabled(false);
  for (std::size_t k = 0; k < r.sites.size(); ++k)
    tape.set_hook(r.sites[k], [&r, n, t, k](std::string_view, nn::Matrix& value) {
      auto& per_position = r.at[k];
      for (const auto& p : kProbePositions) {
        Eigen::MatrixXd x(n, value.cols());
        for (Eigen::Index i = 0; i < n; ++i) x.row(i) = value.row(i * t + p.index).cast<double>();
        per_position.push_back(std::move(x));
      }
    });
  model.gpt->logits(tape, sequence_batch(token_rows(items)).inputs, n);
  return r;
}

}  // namespace assay::counting_bottleneck
