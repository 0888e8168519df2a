#include "claim_figures.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace assay::monoculture {
namespace {

std::string number(double x) { return std::to_string(x); }

}  // namespace

std::string interval_text(const ExcessEstimate& e) {
  return number(e.excess) + " [" + number(e.ci_low) + ", " + number(e.ci_high) + "]";
}

ClaimFigure marginal_excess_lower_bound(const NullComparison& r) {
  return {r.marginal.ci_low, 0, "excess " + interval_text(r.marginal)};
}

ClaimFigure item_excess_near_zero(const NullComparison& r) {
  const ExcessEstimate& e = r.item;
  const double tolerance = e.excess >= 0 ? e.excess - e.ci_low : e.ci_high - e.excess;
  return {e.excess, tolerance, "excess " + interval_text(e)};
}

ClaimFigure closed_form_max_z(const std::vector<ClosedFormRow>& rows) {
  ClaimFigure f;
  for (const auto& row : rows) {
    f.measured =
        std::max(f.measured, std::abs(row.null_agreement - row.integral) / row.standard_error);
    f.detail += "sd_b=" + number(row.difficulty_sd) + ": " + number(row.null_agreement) + " vs " +
                number(row.integral) + "; ";
  }
  return f;
}

ClaimFigure planted_lowest_bound(const std::vector<PowerRow>& rows) {
  ClaimFigure f{std::numeric_limits<double>::infinity(), 0, ""};
  for (const auto& row : rows) {
    f.measured = std::min(f.measured, row.within.ci_low);
    f.detail += number(row.strength) + ": " + interval_text(row.within) + "; ";
  }
  return f;
}

ClaimFigure planted_smallest_increase(const std::vector<PowerRow>& rows) {
  ClaimFigure f{std::numeric_limits<double>::infinity(), 0, ""};
  for (std::size_t k = 0; k < rows.size(); ++k) {
    if (k) f.measured = std::min(f.measured, rows[k].within.excess - rows[k - 1].within.excess);
    f.detail += number(rows[k].strength) + ": " + number(rows[k].within.excess) + "; ";
  }
  return f;
}

ClaimFigure sign_flip_margin(const SubjectivityResult& r) {
  return {std::min(r.neutral_reference.ci_low, -r.amplified_reference.ci_high), 0,
          "neutral reference " + interval_text(r.neutral_reference) + "; amplifying reference " +
              interval_text(r.amplified_reference)};
}

ClaimFigure recovery_min_correlation(const RecoveryResult& r) {
  return {std::min(r.ability_correlation, r.difficulty_correlation), 0,
          "corr(theta) = " + number(r.ability_correlation) +
              ", corr(b) = " + number(r.difficulty_correlation)};
}

}  // namespace assay::monoculture
