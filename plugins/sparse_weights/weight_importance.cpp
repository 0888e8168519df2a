#include "weight_importance.hpp"

#include <algorithm>
#include <assay/nn/ops.hpp>
#include <cmath>
#include <numeric>
#include <regex>

namespace assay::sparse_weights {

namespace {

bool is_circuit_matrix(const std::string& name) {
  static const std::regex pattern(R"(block\d+\.(attn\.[qkvo]|mlp\.(up|down))\.weight)");
  return std::regex_match(name, pattern);
}

double pearson(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  const Eigen::ArrayXd x = a.array() - a.mean(), y = b.array() - b.mean();
  const double d = std::sqrt((x * x).sum() * (y * y).sum());
  return d > 0 ? (x * y).sum() / d : 0;
}

}  // namespace

std::vector<WeightRef> circuit_weights(const Network& net) {
  std::vector<WeightRef> out;
  for (std::size_t i = 0; i < net.params.size(); ++i) {
    const auto& p = net.params.at(i);
    if (!is_circuit_matrix(p.name)) continue;
    for (nn::Index r = 0; r < p.value.rows(); ++r)
      for (nn::Index c = 0; c < p.value.cols(); ++c)
        if (p.value(r, c) != 0) out.push_back({p.name, r, c});
  }
  return out;
}

std::vector<WeightRef> sample_weights(const std::vector<WeightRef>& weights, int count,
                                      nn::Rng& rng) {
  std::vector<WeightRef> pool = weights;
  const auto n = std::min<std::size_t>(count, pool.size());
  for (std::size_t i = 0; i < n; ++i) {
    std::uniform_int_distribution<std::size_t> pick(i, pool.size() - 1);
    std::swap(pool[i], pool[pick(rng)]);
  }
  pool.resize(n);
  return pool;
}

Eigen::VectorXd token_losses(const Network& net, const std::vector<TokenWindow>& windows) {
  nn::Tape<float> tape;
  nn::NoGradScope<float> no_grad(tape);
  std::vector<double> out;
  for (const auto& w : windows) {
    tape.clear();
    const auto logits = net.gpt.logits(tape, w.inputs, 1).value();
    for (nn::Index t = 0; t < logits.rows(); ++t) {
      const auto row = logits.row(t).cast<double>();
      const double m = row.maxCoeff();
      out.push_back(m + std::log((row.array() - m).exp().sum()) - row(w.targets[t]));
    }
  }
  return Eigen::Map<Eigen::VectorXd>(out.data(), static_cast<Eigen::Index>(out.size()));
}

ImportanceScreen screen_importance(Network& net, const std::vector<TokenWindow>& windows,
                                   const std::vector<WeightRef>& sampled) {
  const auto weights = circuit_weights(net);
  std::size_t tokens = 0;
  for (const auto& w : windows) tokens += w.inputs.size();
  ImportanceScreen s;
  s.sampled = sampled;
  s.per_token = Eigen::MatrixXf::Zero(static_cast<Eigen::Index>(sampled.size()),
                                      static_cast<Eigen::Index>(tokens));
  s.mean_importance = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(weights.size()));
  s.loss.resize(static_cast<Eigen::Index>(tokens));
  std::vector<nn::Parameter<float>*> of_weight, of_sampled;
  for (const auto& w : weights) of_weight.push_back(&net.params[w.param]);
  for (const auto& w : sampled) of_sampled.push_back(&net.params[w.param]);
  nn::Tape<float> tape;
  Eigen::Index column = 0;
  for (const auto& win : windows) {
    tape.clear();
    const auto logits = net.gpt.logits(tape, win.inputs, 1);
    for (nn::Index t = 0; t < logits.rows(); ++t, ++column) {
      auto loss = nn::cross_entropy(nn::slice_rows(logits, t, 1), {win.targets[t]});
      net.params.zero_grad();
      tape.backward(loss);
      s.loss(column) = loss.item();
      for (std::size_t i = 0; i < weights.size(); ++i) {
        const auto& p = *of_weight[i];
        const auto& w = weights[i];
        s.mean_importance(static_cast<Eigen::Index>(i)) +=
            std::abs(p.value(w.row, w.col) * p.grad(w.row, w.col));
      }
      for (std::size_t i = 0; i < sampled.size(); ++i) {
        const auto& p = *of_sampled[i];
        const auto& w = sampled[i];
        s.per_token(static_cast<Eigen::Index>(i), column) =
            std::abs(p.value(w.row, w.col) * p.grad(w.row, w.col));
      }
    }
  }
  net.params.zero_grad();
  if (tokens > 0) s.mean_importance /= static_cast<double>(tokens);
  return s;
}

std::vector<AblationCheck> exact_ablation(Network& net, const std::vector<TokenWindow>& windows,
                                          const ImportanceScreen& screen, int count) {
  const Eigen::VectorXd intact = token_losses(net, windows);
  std::vector<AblationCheck> out;
  const auto n = std::min<std::size_t>(count, screen.sampled.size());
  for (std::size_t i = 0; i < n; ++i) {
    const auto& w = screen.sampled[i];
    auto& value = net.params[w.param].value(w.row, w.col);
    const float kept = value;
    value = 0;
    const Eigen::VectorXd change = (token_losses(net, windows) - intact).cwiseAbs();
    value = kept;
    const Eigen::VectorXd first_order =
        screen.per_token.row(static_cast<Eigen::Index>(i)).transpose().cast<double>();
    out.push_back({w, first_order.mean(), change.mean(), pearson(first_order, change)});
  }
  return out;
}

}  // namespace assay::sparse_weights
