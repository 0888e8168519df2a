// Decision rules for annealed Langevin on Gaussian bridging densities: step size and number of
// steps per level from a W2 bound, and the number of levels from a warm-start condition.
//
// The bound (per level l, target pi_l = N(mu_l, P_l^-1) with m_l = min P_l, L_l = max P_l,
// step h_l <= 2 / (m_l + L_l), rho_l = 1 - h_l m_l, composite score error |e| <= delta_l):
//   E_l <= rho_l^K_l (E_{l-1} + D_l + B_l) + B_l + (1 - rho_l^K_l) delta_l / m_l
// where E_l bounds W2(law after level l, pi_l), D_l = W2(pi_{l-1}, pi_l) (pi_{-1} = N(0, I),
// E_{-1} = 0) and B_l = W2(ULA's stationary law, pi_l). It follows from a synchronous coupling
// of the inexact chain with an exact chain started at ULA's stationary law (the gradient step is
// a rho_l-contraction, cf. Dalalyan & Karagulyan, 2019), plus the triangle inequality.
//
// The rule keeps every level within epsilon: S_l = delta_l / m_l must be < epsilon, then
//   h_l = the largest h <= 2 / (m_l + L_l) with B_l(h) <= (epsilon - S_l) / 2,
//   K_l = the smallest K >= 1 with rho_l^K (E_{l-1} + D_l + B_l) <= epsilon - S_l - B_l,
// so E_l <= epsilon at every level and w2_bound = E_last <= epsilon. With levels unset the number
// of levels is the smallest L >= 2 whose consecutive bridging densities are all within epsilon
// (max_{l>=1} D_l <= epsilon, a warm start for every level after the first), found by doubling
// then bisection.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "bridging_density.hpp"
#include "composite_score.hpp"
#include "gaussian_tall_model.hpp"
#include "vp_schedule.hpp"

namespace assay::sbi_langevin {

struct TuningRequest {
  ScoreKind kind = ScoreKind::linhart;
  double epsilon = 0.1;       // target W2 to the tall posterior
  double score_error = 0.0;   // sup_{theta,t} |s_hat_j - s_j| for every single-observation score
  std::optional<int> levels;  // unset: choose by the warm-start rule
  int max_levels = 1 << 14;
  VpSchedule schedule;
};

struct LevelPlan {
  double t = 0, alpha = 1;
  double precision_min = 0, precision_max = 0;
  double step_size = 0;
  std::int64_t steps = 0;
  double start_distance = 0;   // D_l
  double stationary_bias = 0;  // B_l
  double score_term = 0;       // S_l
  double w2_bound = 0;         // E_l
};

struct TuningPlan {
  std::vector<LevelPlan> levels;
  std::int64_t total_steps = 0;
  double w2_bound = 0;
  double w2_exact = 0;  // exact W2 to the posterior of the ULA law under the plan
};

// Bound on |sum_j W_j e_j| when every |e_j| <= delta (the prior score is exact):
// Geffner n delta; Linhart n max_i |w_i| delta.
double composite_error_bound(const GaussianTallModel& model, ScoreKind kind, Diffusion at,
                             double delta);

// The largest h <= 2 / (min p + max p) whose stationary bias is at most `budget`.
double max_step_for_bias(const Eigen::VectorXd& precision, double budget);

// The per-observation errors the exact W2 is evaluated under: every e_j = delta (1,..,1)/sqrt(d),
// all aligned, which makes the composite error as large as the bound allows for Geffner.
Eigen::MatrixXd aligned_score_errors(const GaussianTallModel& model, double delta);

// max_{l >= 1} W2(pi_{l-1}, pi_l) over a grid of `levels` levels. The first level is left out:
// its distance from N(0, I) does not shrink with more levels (Geffner's first bridging mean is
// sqrt(alpha_1) (sum_j m_j - (n - 1) mu0), which grows with n), so its steps absorb it.
double max_level_distance(const GaussianTallModel& model, ScoreKind kind, int levels,
                          const VpSchedule& schedule);

// Throws std::domain_error when delta is too large for epsilon at some level.
TuningPlan tune_langevin(const GaussianTallModel& model, const TuningRequest& request);

// The exact law of annealed ULA from N(0, I) under a schedule of (alpha, h, K) per level.
struct LevelStep {
  double alpha = 1;
  double step_size = 0;
  std::int64_t steps = 0;
};
std::vector<DiagonalGaussian> annealed_ula_laws(const GaussianTallModel& model, ScoreKind kind,
                                                const std::vector<LevelStep>& schedule,
                                                const Eigen::MatrixXd& errors = {});

}  // namespace assay::sbi_langevin
