#include "gradient_paths.hpp"

#include <assay/nn/ops.hpp>
#include <cmath>
#include <limits>

namespace assay::state_prediction {
namespace {

struct Site {
  std::string name;
  nn::Var<float> var;
};

// Runs the forward pass with the q projections' inputs (each block's attn_in) captured.
nn::Var<float> forward_with_sites(InterleavedLm& model, nn::Tape<float>& tape,
                                  const std::vector<int>& inputs, nn::Index batch,
                                  std::vector<Site>& sites) {
  const nn::Var<float> stream = model.input_stream(tape, inputs, batch);
  sites.push_back({"input", stream});
  nn::Gpt<float>& gpt = model.gpt();
  const nn::Index layers = gpt.config().layers;
  std::vector<nn::Var<float>> attn_in(static_cast<std::size_t>(layers));
  for (nn::Index l = 0; l < layers; ++l) {
    nn::Projection<float>& q = gpt.projection("block" + std::to_string(l) + ".attn.q");
    q.use([&seen = attn_in[static_cast<std::size_t>(l)], base = q.base()](nn::Var<float> x) {
      seen = x;
      return base(x);
    });
  }
  const nn::Var<float> logits = model.prediction_logits(stream, batch);
  for (nn::Index l = 0; l < layers; ++l) {
    gpt.projection("block" + std::to_string(l) + ".attn.q").reset();
    sites.push_back(
        {"block" + std::to_string(l) + ".attn_in", attn_in[static_cast<std::size_t>(l)]});
  }
  return logits;
}

double cosine(const Eigen::RowVectorXd& a, const Eigen::RowVectorXd& b) {
  return a.dot(b) / (a.norm() * b.norm());
}

}  // namespace

std::vector<SiteGradients> own_and_future_gradients(InterleavedLm& model,
                                                    const std::vector<int>& inputs,
                                                    const std::vector<int>& targets,
                                                    nn::Index batch) {
  const StreamLayout& layout = model.layout();
  const nn::Index t = layout.window(), n = layout.length();
  nn::Tape<float> tape;
  std::vector<Site> sites;
  const nn::Var<float> logits = forward_with_sites(model, tape, inputs, batch, sites);
  std::vector<SiteGradients> out;
  for (const Site& s : sites) {
    const nn::Mat<double> zero = nn::Mat<double>::Zero(batch * t, s.var.cols());
    out.push_back({s.name, zero, zero});
  }
  for (nn::Index k = 0; k < t; ++k) {
    std::vector<int> column(targets.size(), -1);
    for (nn::Index b = 0; b < batch; ++b)
      column[static_cast<std::size_t>(b * t + k)] = targets[static_cast<std::size_t>(b * t + k)];
    // cross_entropy averages over the batch windows; the sum over them is each window's loss.
    tape.backward(nn::scale(nn::cross_entropy(logits, column), static_cast<float>(batch)));
    for (std::size_t i = 0; i < sites.size(); ++i) {
      const nn::Mat<float>& g = sites[i].var.grad();
      if (g.size() == 0) continue;
      for (nn::Index b = 0; b < batch; ++b) {
        out[i].own.row(b * t + k) = g.row(b * n + layout.prediction_row(k)).cast<double>();
        for (nn::Index j = 0; j < k; ++j)
          out[i].future.row(b * t + j) += g.row(b * n + layout.prediction_row(j)).cast<double>();
      }
    }
  }
  model.params().zero_grad();
  return out;
}

GradientPaths summarise(const SiteGradients& s, nn::Index batch) {
  const nn::Index t = s.own.rows() / batch;
  std::vector<double> cosines, ratios;
  for (nn::Index b = 0; b < batch; ++b) {
    double cos_sum = 0, ratio_sum = 0;
    int cos_count = 0, ratio_count = 0;
    for (nn::Index j = 0; j + 1 < t; ++j) {
      const Eigen::RowVectorXd own = s.own.row(b * t + j), future = s.future.row(b * t + j);
      if (own.norm() == 0) continue;
      ratio_sum += future.norm() / own.norm();
      ++ratio_count;
      if (future.norm() == 0) continue;
      cos_sum += cosine(own, future);
      ++cos_count;
    }
    if (ratio_count > 0) ratios.push_back(ratio_sum / ratio_count);
    if (cos_count > 0) cosines.push_back(cos_sum / cos_count);
  }
  return {s.site, mean_ci(cosines), mean_ci(ratios)};
}

std::vector<GradientPaths> gradient_paths(InterleavedLm& model, const std::vector<int>& inputs,
                                          const std::vector<int>& targets, nn::Index batch) {
  std::vector<GradientPaths> out;
  for (const auto& g : own_and_future_gradients(model, inputs, targets, batch))
    out.push_back(summarise(g, batch));
  return out;
}

}  // namespace assay::state_prediction
