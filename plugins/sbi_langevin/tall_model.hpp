// A tall-data posterior problem as a compositional method sees it: a shared parameter theta
// with prior lambda, n i.i.d. observations x_1..x_n, and for each observation the score of the
// diffused single-observation posterior p_t(theta | x_j) (what a learned conditional score
// network provides), plus the score of the diffused prior lambda_t.
#pragma once

#include <Eigen/Core>
#include <optional>

#include "vp_schedule.hpp"

namespace assay::sbi_langevin {

// The prior and single-observation scores at one diffusion time when each is the score of a
// Gaussian with a diagonal covariance, s(theta) = -(theta - centre) * precision per coordinate,
// and the observations share one precision. What the sampler needs to evaluate all n + 1 scores
// in one pass over the chains instead of n + 1 passes through temporaries.
struct DiagonalGaussianScores {
  Eigen::RowVectorXd prior_centre, prior_precision;
  Eigen::MatrixXd centres;  // n x d, row j = observation j's centre
  Eigen::RowVectorXd precision;
};

class TallModel {
 public:
  virtual ~TallModel() = default;

  virtual int dim() const = 0;
  virtual int n_obs() const = 0;

  // Rows of `theta` are points; the result has one score per row.
  virtual Eigen::MatrixXd prior_score(const Eigen::MatrixXd& theta, Diffusion at) const = 0;
  virtual Eigen::MatrixXd posterior_score(const Eigen::MatrixXd& theta, int j,
                                          Diffusion at) const = 0;

  // Covariances of lambda and of p(theta | x_j) at t = 0, from which GAUSS (Linhart et al.)
  // builds its backward-kernel precisions. Exact for Gaussian models, moment-matched otherwise.
  virtual Eigen::MatrixXd prior_covariance() const = 0;
  virtual Eigen::MatrixXd posterior_covariance(int j) const = 0;
  // True when every p(theta | x_j) has the same covariance (then one weight serves all j).
  virtual bool posteriors_share_covariance() const = 0;
  // The scores' centres and precisions when they have that form; empty otherwise. Must agree
  // bit for bit with prior_score and posterior_score.
  virtual std::optional<DiagonalGaussianScores> diagonal_gaussian_scores(Diffusion) const {
    return std::nullopt;
  }
};

}  // namespace assay::sbi_langevin
