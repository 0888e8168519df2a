// The residual stream of a model on explicit items, recorded at every layer and at the
// positions of the query: per site ("embed", "block<i>.out", "final" after the last norm, which
// is what W_U reads) and per position, an items x dim matrix.
#pragma once

#include <string>
#include <vector>

#include "counting_model.hpp"

namespace assay::counting_bottleneck {

// The probed positions: the last list token, the marker (H), the item asked about, the ARROW.
struct ProbePosition {
  const char* name;
  int index;
};
inline constexpr ProbePosition kProbePositions[] = {{"list_end", kListLength},
                                                    {"marker", kListLength + 1},
                                                    {"item", kListLength + 2},
                                                    {"arrow", kArrowPosition}};

struct Residuals {
  std::vector<std::string> sites;
  std::vector<std::vector<Eigen::MatrixXd>> at;  // [site][position in kProbePositions]
};

std::vector<std::string> residual_sites(int layers);
Residuals record_residuals(const CountingModel& model, const std::vector<Sequence>& items);

}  // namespace assay::counting_bottleneck
