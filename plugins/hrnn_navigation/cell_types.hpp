// Functional cell types of a network's units from a recording along walks: grid score of the
// rate map, head-direction Rayleigh vector length, speed score and angular-velocity tuning,
// each against a shuffle null of circular time shifts of the activity.
#pragma once

#include <Eigen/Core>
#include <random>

#include "population_codes.hpp"
#include "trajectories.hpp"

namespace assay::hrnn_navigation {

// Behaviour and activity over time: the walks one after another (all steps of walk 0, then
// walk 1, ...), activity time x units.
struct Recording {
  Eigen::VectorXd x, y, heading, speed, angular_velocity;
  RowMatrix activity;
};
// From the walks and the time-major states of evaluate().
Recording record(const Walks& walks, const RowMatrix& states);

struct Scores {
  Eigen::VectorXd grid, hd, speed, av;
};
// hd: resultant length of the 36-bin heading tuning curve; speed: |Pearson r| of activity and
// speed (Kropff et al.); av: |Pearson r| of activity and angular velocity; grid: grid_score of
// the res x res rate map. Silent units score 0 (grid: NaN counts as below any threshold).
Scores unit_scores(const Recording& rec, double box, int res);

// Pearson r of each unit's activity with angular velocity (sign: + prefers CCW turns) and the
// circular mean of its heading tuning curve.
Eigen::VectorXd angular_velocity_correlation(const Recording& rec);
Eigen::VectorXd preferred_heading(const Recording& rec);

struct CellTypes {
  Scores scores;
  Scores null95;  // per score: the 95th percentile of the pooled shuffle null (one entry)
  int grid = 0, hd = 0, speed = 0, av = 0, conjunctive = 0;  // units above their null
  Eigen::MatrixXd rate_maps;                                 // units x res^2, row-major maps
};
// Shuffles: each unit's activity circularly shifted by a uniform offset of at least
// min_shift steps, `shuffles` times per unit; the null pools all units' shuffled scores.
CellTypes classify(const Recording& rec, double box, int res, int shuffles, int min_shift,
                   std::mt19937_64& rng);

}  // namespace assay::hrnn_navigation
