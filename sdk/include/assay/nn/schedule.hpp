// Learning-rate schedules: pure functions of the step, so a resumed run gets the same rate.
#pragma once

namespace assay::nn {

// Linear warmup from 0 to `peak` over `warmup` steps, then cosine decay to `floor` at `total`;
// `floor` after that.
double warmup_cosine(long step, long warmup, long total, double peak, double floor = 0);
// Linear warmup to `peak`, then linear decay to `floor` at `total`.
double warmup_linear(long step, long warmup, long total, double peak, double floor = 0);

}  // namespace assay::nn
