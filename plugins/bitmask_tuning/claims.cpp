#include "claims.hpp"

#include <algorithm>
#include <functional>

#include "paper_claims.hpp"

namespace assay::bitmask_tuning {

namespace {

std::vector<double> column(const std::vector<EvalRow>& rows, double EvalRow::*field) {
  std::vector<double> out;
  for (const auto& r : rows) out.push_back(r.*field);
  return out;
}

// Per seed, f(first) - f(second).
std::vector<double> paired_differences(const std::vector<double>& first,
                                       const std::vector<double>& second) {
  std::vector<double> out;
  for (std::size_t i = 0; i < first.size(); ++i) out.push_back(first[i] - second[i]);
  return out;
}

std::string interval_text(const MeanCi& ci) {
  return number_text(ci.mean) + " [" + number_text(ci.low) + ", " + number_text(ci.high) + "]";
}

std::string scale_text(const CiExperiment& e) {
  return "d" + std::to_string(e.scale.model.dim) + ", " + std::to_string(e.scale.seeds) +
         " adaptation seeds, rho " + number_text(e.scale.rho) + " = " + std::to_string(e.budget) +
         " of " + std::to_string(e.gate_weights) + " gate weights (" +
         number_text(static_cast<double>(e.budget) / e.model_weights) + " of all " +
         std::to_string(e.model_weights) + ")";
}

CheckResult check_forgets_less(const CheckContext& ctx) {
  const auto& e = ci_experiment(ctx.seed);
  const auto loss = [&](const char* arm) {
    return column(e.final_rows.at(arm), &EvalRow::a_text_loss);
  };
  const auto ci = mean_ci(paired_differences(loss("full"), loss("bit_mask")));
  const auto acc =
      mean_ci(paired_differences(column(e.final_rows.at("bit_mask"), &EvalRow::a_accuracy),
                                 column(e.final_rows.at("full"), &EvalRow::a_accuracy)));
  return expect_at_least(
      ci.low, 0,
      "held-out A text loss after full fine-tuning minus after Bit-Mask Tuning, mean and 95% t "
      "interval over seeds: " +
          interval_text(ci) + " nats (pretrained " + number_text(e.pretrained.a_text_loss) +
          "); A 2-digit accuracy, BMT minus full: " + interval_text(acc) + " (pretrained " +
          number_text(e.pretrained.a_accuracy) + "); " + scale_text(e));
}

CheckResult check_beats_deletion(const CheckContext& ctx) {
  const auto& e = ci_experiment(ctx.seed);
  const auto b_loss = [&](const char* arm) {
    return column(e.final_rows.at(arm), &EvalRow::b_loss);
  };
  const auto bmt = b_loss("bit_mask");
  const auto random = mean_ci(paired_differences(b_loss("random_deletion"), bmt));
  const auto magnitude = mean_ci(paired_differences(b_loss("magnitude_deletion"), bmt));
  const auto mean_acc = [&](const char* arm) {
    return number_text(mean_ci(column(e.final_rows.at(arm), &EvalRow::b_accuracy)).mean);
  };
  return expect_at_least(
      std::min(random.low, magnitude.low), 0,
      "held-out B answer loss of random / magnitude deletion minus Bit-Mask Tuning's at the same "
      "budget, mean and 95% t interval over seeds: " +
          interval_text(random) + " / " + interval_text(magnitude) + " nats (pretrained " +
          number_text(e.pretrained.b_loss) +
          "); measured is the smaller lower bound; B accuracy BMT / random / magnitude / full: " +
          mean_acc("bit_mask") + " / " + mean_acc("random_deletion") + " / " +
          mean_acc("magnitude_deletion") + " / " + mean_acc("full") + "; " + scale_text(e));
}

CheckResult check_matches_full(const CheckContext& ctx) {
  const auto& e = ci_experiment(ctx.seed);
  const auto b_loss = [&](const char* arm) {
    return column(e.final_rows.at(arm), &EvalRow::b_loss);
  };
  const auto gap = mean_ci(paired_differences(b_loss("bit_mask"), b_loss("full")));
  const auto acc =
      mean_ci(paired_differences(column(e.final_rows.at("full"), &EvalRow::b_accuracy),
                                 column(e.final_rows.at("bit_mask"), &EvalRow::b_accuracy)));
  return expect_at_most(
      gap.low, 0,
      "held-out B answer loss of Bit-Mask Tuning minus full fine-tuning's, mean and 95% t "
      "interval over seeds: " +
          interval_text(gap) +
          " nats; matching means the interval reaches 0 (measured is its lower bound); B "
          "accuracy full minus BMT: " +
          interval_text(acc) + "; " + scale_text(e));
}

// Per measure, whether BMT is closer to full fine-tuning than LoRA: the paired difference's
// 95% interval over seeds lies on BMT's side of 0.
struct Measure {
  const char* name;
  double DeltaGeometry::*field;
  bool higher_is_closer;
};
constexpr Measure kMeasures[] = {{"effective-rank gap", &DeltaGeometry::effective_rank_gap, false},
                                 {"spectrum-drift gap", &DeltaGeometry::spectrum_drift_gap, false},
                                 {"principal overlap", &DeltaGeometry::principal_overlap, true}};

CheckResult check_delta_closer(const CheckContext& ctx) {
  const auto& e = ci_experiment(ctx.seed);
  int won = 0;
  std::string detail;
  for (const auto& m : kMeasures) {
    std::vector<double> d;
    for (int k = 0; k < e.scale.seeds; ++k) {
      const double bmt = e.geometry.at("bit_mask")[k].*m.field;
      const double lora = e.geometry.at("lora")[k].*m.field;
      d.push_back(m.higher_is_closer ? bmt - lora : lora - bmt);
    }
    const auto ci = mean_ci(d);
    won += ci.low > 0;
    detail += std::string(m.name) + " advantage " + interval_text(ci) + "; ";
  }
  return expect_at_least(won, 2,
                         "measures (of 3) on which BMT's gate delta is closer to full "
                         "fine-tuning's than LoRA rank " +
                             std::to_string(e.scale.lora_rank) + "'s (95% t interval over seeds " +
                             "above 0): " + detail + scale_text(e));
}

}  // namespace

std::vector<Claim> mask_tuning_claims() {
  return {{"bmt_matches_full",
           "Bit-Mask Tuning matches full fine-tuning under SFT: the paired difference of their "
           "held-out B answer losses over seeds is not distinguishable from 0 (95% t interval)",
           check_matches_full,
           does_not_reproduce("at d32 with at most 5% of the gate weights deleted, BMT lowers "
                              "the B loss far less than full fine-tuning",
                              "README.md#verdicts")},
          {"bmt_forgets_less",
           "Bit-Mask Tuning forgets less of task A than full fine-tuning: the held-out A text "
           "loss rises less, paired over adaptation seeds (95% t interval above 0)",
           check_forgets_less},
          {"bmt_beats_deletion",
           "Bit-Mask Tuning beats random and magnitude deletion of as many gate weights: its "
           "held-out B answer loss is lower than both, paired over seeds (95% t intervals above "
           "0)",
           check_beats_deletion}};
}

std::vector<Claim> delta_geometry_claims() {
  return {{"bmt_delta_closer_than_lora",
           "Bit-Mask Tuning's gate delta is closer to full fine-tuning's than LoRA's on at least "
           "two of effective rank, spectrum drift and top-1% principal-weight overlap",
           check_delta_closer}};
}

}  // namespace assay::bitmask_tuning
