#include "deletion_controls.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <tuple>

namespace assay::bitmask_tuning {

namespace {

nn::Index total_size(const std::vector<const nn::Matrix*>& weights) {
  nn::Index n = 0;
  for (const auto* w : weights) n += w->size();
  return n;
}

// All-ones masks with the entries at the given flat positions (over all matrices) zeroed.
std::vector<nn::Matrix> masks_zeroing(const std::vector<const nn::Matrix*>& weights,
                                      const std::vector<nn::Index>& flat) {
  std::vector<nn::Matrix> out;
  std::vector<nn::Index> starts;
  nn::Index start = 0;
  for (const auto* w : weights) {
    out.push_back(nn::Matrix::Ones(w->rows(), w->cols()));
    starts.push_back(start);
    start += w->size();
  }
  for (nn::Index f : flat) {
    const auto m = std::upper_bound(starts.begin(), starts.end(), f) - starts.begin() - 1;
    out[m].data()[f - starts[m]] = 0;
  }
  return out;
}

void require_budget(nn::Index k, nn::Index n) {
  if (k < 0 || k > n)
    throw std::invalid_argument("deletion budget: " + std::to_string(k) + " outside [0, " +
                                std::to_string(n) + "]");
}

}  // namespace

std::vector<nn::Matrix> random_deletion(const std::vector<const nn::Matrix*>& weights, nn::Index k,
                                        nn::Rng& rng) {
  const nn::Index n = total_size(weights);
  require_budget(k, n);
  std::vector<nn::Index> order(n);
  std::iota(order.begin(), order.end(), 0);
  // The first k steps of a Fisher-Yates shuffle, drawn with the kit's portable uniform.
  for (nn::Index i = 0; i < k; ++i) {
    const auto j =
        i + std::min<nn::Index>(n - i - 1, static_cast<nn::Index>(nn::uniform01(rng) * (n - i)));
    std::swap(order[i], order[j]);
  }
  order.resize(k);
  return masks_zeroing(weights, order);
}

std::vector<nn::Matrix> magnitude_deletion(const std::vector<const nn::Matrix*>& weights,
                                           nn::Index k) {
  const nn::Index n = total_size(weights);
  require_budget(k, n);
  std::vector<std::tuple<float, nn::Index>> by_size;
  nn::Index f = 0;
  for (const auto* w : weights)
    for (nn::Index i = 0; i < w->size(); ++i, ++f) by_size.emplace_back(std::abs(w->data()[i]), f);
  std::nth_element(by_size.begin(), by_size.begin() + k, by_size.end());
  std::vector<nn::Index> flat;
  for (nn::Index i = 0; i < k; ++i) flat.push_back(std::get<1>(by_size[i]));
  return masks_zeroing(weights, flat);
}

}  // namespace assay::bitmask_tuning
