// Where each step of a window sits in the model's input stream, and which earlier steps it may
// attend to: the three arms of the state-prediction comparison (seed paper 17).
//
//   standard:  [x_0, x_1, ..., x_{T-1}]; x_j attends x_<=j and predicts x_{j+1}.
//   separated: [x_0, r_0, x_1, r_1, ...]; x_j attends x_<=j and emits nothing (the state);
//              r_i attends x_<=i and itself and predicts x_{i+1} (the prediction step).
//   pause:     as separated, except x_j may also attend the earlier prediction steps r_<j, so the
//              extra computation is the same but the prediction stream feeds the state.
#pragma once

#include <assay/nn/matrix.hpp>
#include <string>

namespace assay::state_prediction {

enum class Arm { standard, separated, pause };

// "standard", "separated", "pause".
std::string arm_name(Arm arm);

class StreamLayout {
 public:
  StreamLayout(Arm arm, nn::Index window);

  Arm arm() const { return arm_; }
  nn::Index window() const { return window_; }  // T: input characters per window
  nn::Index length() const;                     // rows of the stream per window
  nn::Index state_row(nn::Index j) const;       // the row of x_j
  nn::Index prediction_row(nn::Index j) const;  // the row that predicts x_{j+1}
  // The additive (length x length) attention mask: 0 where a row may attend a column,
  // -infinity elsewhere.
  nn::Mat<float> mask() const;

 private:
  bool may_attend(nn::Index row, nn::Index column) const;
  Arm arm_;
  nn::Index window_;
};

}  // namespace assay::state_prediction
