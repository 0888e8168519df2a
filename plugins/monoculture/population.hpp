// A simulated population of models answering a benchmark. Model i in cluster c(i) answers
// item j right with probability
//   sigma( a_j (theta_i - b_j) + u_{c(i), s(j)} + lambda_i e_{c(i), j} ),
// where u is the cluster's skill profile over the item's skill s(j) (the multidimensional
// variant: clusters that share skills), and e_{c,j} ~ N(0, 1) is a shared-error factor drawn
// afresh for every cluster and item: models in one cluster with loading lambda > 0 fail
// together beyond what the item's difficulty explains (planted, true monoculture).
// A wrong model picks one of the item's wrong options: with probability `shared_option` its
// cluster's favourite wrong option for the item, otherwise a draw from the item's wrong-option
// popularity q_j ~ Dirichlet(concentration). Choices are coded 0 = the correct option,
// 1..options-1 = the wrong ones.
#pragma once

#include <Eigen/Core>
#include <random>
#include <string_view>
#include <vector>

namespace assay::monoculture {

enum class PopulationModel { rasch, two_pl, multidimensional };
PopulationModel parse_population_model(std::string_view name);  // rasch | 2pl | multidim

struct PopulationSpec {
  PopulationModel model = PopulationModel::rasch;
  int models = 20;
  int items = 500;
  double ability_sd = 1.0;
  double difficulty_sd = 1.0;
  double log_discrimination_sd = 0.3;  // 2PL: log a_j ~ N(0, sd^2)
  int clusters = 1;                    // models are dealt to clusters in turn
  int skills = 3;                      // multidim: items are dealt to skills in turn
  double skill_sd = 1.0;               // multidim: u_{c,s} ~ N(0, sd^2)
  double shared_error = 0.0;           // lambda of every model
  int options = 4;
  double option_concentration = 1.0;
  double shared_option = 0.0;
};

// The fixed part of a population; responses are drawn from it.
struct PopulationTruth {
  Eigen::VectorXd ability;               // N
  Eigen::VectorXd difficulty;            // J
  Eigen::VectorXd discrimination;        // J
  std::vector<int> cluster;              // N, in [0, clusters)
  Eigen::VectorXd shared_error_loading;  // N, lambda_i
  Eigen::MatrixXd cluster_item_shift;    // clusters x J: u_{c, s(j)}
  Eigen::MatrixXd option_popularity;     // J x (options - 1): q_j, rows sum to 1
  double shared_option = 0.0;
};

struct PopulationDraw {
  Eigen::MatrixXd responses;  // N x J, 0/1
  Eigen::MatrixXd choices;    // N x J, option index, 0 = correct
};

PopulationTruth draw_truth(const PopulationSpec& spec, std::mt19937_64& rng);
PopulationDraw draw_responses(const PopulationTruth& truth, std::mt19937_64& rng);

}  // namespace assay::monoculture
