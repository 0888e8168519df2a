#include "spectral_order.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace assay::qnn_spectral {
namespace {

double when(const ComponentProgress& c) {
  return c.half_step < 0 ? std::numeric_limits<double>::infinity() : c.half_step;
}

// True if ordering the components by `key` (ascending) makes their half-steps strictly increase.
template <class Key>
bool strictly_ordered_by(std::vector<ComponentProgress> c, Key key) {
  std::sort(c.begin(), c.end(), [&](auto& a, auto& b) { return key(a) < key(b); });
  for (std::size_t i = 1; i < c.size(); ++i)
    if (key(c[i]) == key(c[i - 1]) || !(when(c[i - 1]) < when(c[i]))) return false;
  return true;
}

}  // namespace

LearningOrder learning_order(const std::vector<ComponentProgress>& components) {
  LearningOrder out;
  double first = std::numeric_limits<double>::infinity();
  for (const auto& c : components)
    if (when(c) < first) first = when(c), out.first_frequency = c.frequency;
  out.by_amplitude =
      strictly_ordered_by(components, [](const auto& c) { return -std::abs(c.amplitude); });
  out.by_frequency = strictly_ordered_by(components, [](const auto& c) { return c.frequency; });
  return out;
}

}  // namespace assay::qnn_spectral
