#include "bit_mask.hpp"

#include <algorithm>
#include <assay/nn/ops.hpp>
#include <cmath>
#include <stdexcept>
#include <tuple>

namespace assay::bitmask_tuning {

template <class T>
nn::Var<T> bit_masked_weight(nn::Var<T> weight, nn::Var<T> scores) {
  // binarize_ste's backward is the identity, so mul's gradient for the mask, dL/dW' ⊙ W,
  // reaches the scores unchanged.
  return nn::mul(weight, nn::binarize_ste(scores, T(0)));
}

std::vector<nn::Parameter<float>*> install_bit_mask(nn::Gpt<float>& gpt,
                                                    nn::ParameterSet<float>& params, float init) {
  if (!(init > 0)) throw std::invalid_argument("score_init: must be positive");
  params.freeze("");
  std::vector<nn::Parameter<float>*> out;
  for (nn::Index i = 0; i < gpt.config().layers; ++i) {
    const std::string name = "block" + std::to_string(i) + ".mlp.gate";
    auto& projection = gpt.projection(name);
    auto* weight = &projection.base().weight();
    auto* bias = projection.base().bias();
    auto* scores = &params.add(
        name + ".scores", nn::Matrix::Constant(weight->value.rows(), weight->value.cols(), init));
    projection.use([weight, bias, scores](nn::Var<float> x) {
      auto& tape = x.tape();
      const auto b = bias ? tape.param(*bias) : nn::Var<float>();
      return nn::affine(x, bit_masked_weight(tape.param(*weight), tape.param(*scores)), b);
    });
    out.push_back(scores);
  }
  return out;
}

template <class T>
nn::Index project_deletion_budget(const std::vector<nn::Mat<T>*>& scores, nn::Index k, T floor) {
  if (k < 0) throw std::invalid_argument("deletion budget: " + std::to_string(k) + " < 0");
  if (!(floor > 0)) throw std::invalid_argument("deletion budget: floor must be positive");
  // (value, matrix, entry) of every nonpositive score; the order breaks ties deterministically.
  std::vector<std::tuple<T, std::size_t, nn::Index>> deleted;
  for (std::size_t m = 0; m < scores.size(); ++m)
    for (nn::Index i = 0; i < scores[m]->size(); ++i)
      if (scores[m]->data()[i] <= 0) deleted.emplace_back(scores[m]->data()[i], m, i);
  if (static_cast<nn::Index>(deleted.size()) <= k) return static_cast<nn::Index>(deleted.size());
  std::nth_element(deleted.begin(), deleted.begin() + k, deleted.end());
  for (auto it = deleted.begin() + k; it != deleted.end(); ++it)
    scores[std::get<1>(*it)]->data()[std::get<2>(*it)] = floor;
  return k;
}

nn::Index deletion_budget(double rho, nn::Index weights) {
  if (!(rho >= 0 && rho <= 1))
    throw std::invalid_argument("rho: " + std::to_string(rho) + " outside [0, 1]");
  return static_cast<nn::Index>(std::llround(rho * static_cast<double>(weights)));
}

template nn::Var<float> bit_masked_weight(nn::Var<float>, nn::Var<float>);
template nn::Var<double> bit_masked_weight(nn::Var<double>, nn::Var<double>);
template nn::Index project_deletion_budget(const std::vector<nn::Mat<float>*>&, nn::Index, float);
template nn::Index project_deletion_budget(const std::vector<nn::Mat<double>*>&, nn::Index, double);

}  // namespace assay::bitmask_tuning
