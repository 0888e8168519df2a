// The mean of independent replicates with its two-sided 95% Student t interval.
#pragma once

#include <vector>

namespace assay::state_prediction {

struct MeanCi {
  double mean = 0, lower = 0, upper = 0;  // NaN bounds with fewer than 2 values
  int n = 0;
};

MeanCi mean_ci(const std::vector<double>& values);

}  // namespace assay::state_prediction
