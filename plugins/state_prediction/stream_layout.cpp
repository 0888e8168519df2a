#include "stream_layout.hpp"

#include <limits>
#include <stdexcept>

namespace assay::state_prediction {

std::string arm_name(Arm arm) {
  switch (arm) {
    case Arm::standard:
      return "standard";
    case Arm::separated:
      return "separated";
    case Arm::pause:
      return "pause";
  }
  return "unknown";
}

StreamLayout::StreamLayout(Arm arm, nn::Index window) : arm_(arm), window_(window) {
  if (window < 1)
    throw std::invalid_argument("context: " + std::to_string(window) + " must be at least 1");
}

nn::Index StreamLayout::length() const { return arm_ == Arm::standard ? window_ : 2 * window_; }

nn::Index StreamLayout::state_row(nn::Index j) const { return arm_ == Arm::standard ? j : 2 * j; }

nn::Index StreamLayout::prediction_row(nn::Index j) const {
  return arm_ == Arm::standard ? j : 2 * j + 1;
}

bool StreamLayout::may_attend(nn::Index row, nn::Index column) const {
  if (arm_ == Arm::standard) return column <= row;
  const nn::Index i = row / 2, k = column / 2;
  const bool row_is_state = row % 2 == 0, column_is_state = column % 2 == 0;
  if (column_is_state) return k <= i;       // every step reads the state up to its own x
  if (!row_is_state) return column == row;  // a prediction step reads only itself
  return arm_ == Arm::pause && k < i;       // pause: the state also reads earlier predictions
}

nn::Mat<float> StreamLayout::mask() const {
  const nn::Index n = length();
  nn::Mat<float> m(n, n);
  for (nn::Index r = 0; r < n; ++r)
    for (nn::Index c = 0; c < n; ++c)
      m(r, c) = may_attend(r, c) ? 0.0f : -std::numeric_limits<float>::infinity();
  return m;
}

}  // namespace assay::state_prediction
