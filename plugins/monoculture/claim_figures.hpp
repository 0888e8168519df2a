// What each of the paper's checks compares with its bound: the claim experiments of
// paper_claims.hpp reduced to one number, with the figures behind it as text for the report.
#pragma once

#include <string>
#include <vector>

#include "paper_claims.hpp"

namespace assay::monoculture {

struct ClaimFigure {
  double measured = 0;
  double tolerance = 0;  // claims of nearness only: the allowed |measured - expected|
  std::string detail;
};

// "0.0123 [0.0045, 0.0201]": an excess with its interval.
std::string interval_text(const ExcessEstimate& e);

// Claim 1: the marginal excess's lower bound (> 0 when clearly positive).
ClaimFigure marginal_excess_lower_bound(const NullComparison& r);
// Claim 1: the item-null excess, with the distance to the interval bound on 0's side as the
// tolerance, so |excess - 0| <= tolerance exactly when the interval covers 0.
ClaimFigure item_excess_near_zero(const NullComparison& r);
// Claim 2: the largest |fitted null - integral| / SE over the sd_b values.
ClaimFigure closed_form_max_z(const std::vector<ClosedFormRow>& rows);
// Claim 3: the lowest interval bound over the planted strengths (> 0: all detected).
ClaimFigure planted_lowest_bound(const std::vector<PowerRow>& rows);
// Claim 3: the smallest increase of the excess between successive strengths.
ClaimFigure planted_smallest_increase(const std::vector<PowerRow>& rows);
// Claim 4: min(neutral lower bound, -amplified upper bound); > 0 when the sign flips
// significantly.
ClaimFigure sign_flip_margin(const SubjectivityResult& r);
// Claim 5: the smaller of the ability and difficulty correlations.
ClaimFigure recovery_min_correlation(const RecoveryResult& r);

}  // namespace assay::monoculture
