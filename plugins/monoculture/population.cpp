#include "population.hpp"

#include <stdexcept>
#include <string>

#include "irt_model.hpp"

namespace assay::monoculture {
namespace {

Eigen::VectorXd normal_vector(Eigen::Index n, double sd, std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, sd);
  Eigen::VectorXd v(n);
  for (Eigen::Index i = 0; i < n; ++i) v(i) = normal(rng);
  return v;
}

Eigen::MatrixXd dirichlet_rows(Eigen::Index rows, Eigen::Index cols, double concentration,
                               std::mt19937_64& rng) {
  std::gamma_distribution<double> gamma(concentration, 1.0);
  Eigen::MatrixXd m(rows, cols);
  for (Eigen::Index r = 0; r < rows; ++r) {
    for (Eigen::Index c = 0; c < cols; ++c) m(r, c) = gamma(rng);
    m.row(r) /= m.row(r).sum();
  }
  return m;
}

int draw_index(const Eigen::RowVectorXd& probabilities, std::mt19937_64& rng) {
  double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
  for (Eigen::Index c = 0; c + 1 < probabilities.size(); ++c) {
    u -= probabilities(c);
    if (u < 0) return static_cast<int>(c);
  }
  return static_cast<int>(probabilities.size() - 1);
}

}  // namespace

PopulationModel parse_population_model(std::string_view name) {
  if (name == "rasch") return PopulationModel::rasch;
  if (name == "2pl") return PopulationModel::two_pl;
  if (name == "multidim") return PopulationModel::multidimensional;
  throw std::invalid_argument("unknown population model '" + std::string(name) +
                              "'; use rasch, 2pl or multidim");
}

PopulationTruth draw_truth(const PopulationSpec& spec, std::mt19937_64& rng) {
  if (spec.models < 2 || spec.items < 1 || spec.clusters < 1 || spec.options < 2)
    throw std::invalid_argument("population needs >= 2 models, >= 1 item, cluster, 2 options");
  PopulationTruth t;
  t.ability = normal_vector(spec.models, spec.ability_sd, rng);
  t.difficulty = normal_vector(spec.items, spec.difficulty_sd, rng);
  t.discrimination = Eigen::VectorXd::Ones(spec.items);
  if (spec.model == PopulationModel::two_pl)
    t.discrimination = normal_vector(spec.items, spec.log_discrimination_sd, rng).array().exp();
  t.cluster.resize(spec.models);
  for (int i = 0; i < spec.models; ++i) t.cluster[i] = i % spec.clusters;
  t.shared_error_loading = Eigen::VectorXd::Constant(spec.models, spec.shared_error);
  t.cluster_item_shift = Eigen::MatrixXd::Zero(spec.clusters, spec.items);
  if (spec.model == PopulationModel::multidimensional) {
    const Eigen::MatrixXd profile =
        normal_vector(Eigen::Index(spec.clusters) * spec.skills, spec.skill_sd, rng)
            .reshaped(spec.clusters, spec.skills);
    for (int j = 0; j < spec.items; ++j) t.cluster_item_shift.col(j) = profile.col(j % spec.skills);
  }
  t.option_popularity =
      dirichlet_rows(spec.items, spec.options - 1, spec.option_concentration, rng);
  t.shared_option = spec.shared_option;
  return t;
}

PopulationDraw draw_responses(const PopulationTruth& t, std::mt19937_64& rng) {
  const auto n = t.ability.size(), items = t.difficulty.size();
  const auto clusters = t.cluster_item_shift.rows();
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  PopulationDraw d{Eigen::MatrixXd::Zero(n, items), Eigen::MatrixXd::Zero(n, items)};
  Eigen::VectorXd shock(clusters);
  std::vector<int> favourite(clusters);
  for (Eigen::Index j = 0; j < items; ++j) {  // item by item, so the stream reads column-wise
    const Eigen::RowVectorXd q = t.option_popularity.row(j);
    for (Eigen::Index c = 0; c < clusters; ++c) {
      shock(c) = normal(rng);
      favourite[c] = draw_index(q, rng);
    }
    for (Eigen::Index i = 0; i < n; ++i) {
      const int c = t.cluster[i];
      const double logit = t.discrimination(j) * (t.ability(i) - t.difficulty(j)) +
                           t.cluster_item_shift(c, j) + t.shared_error_loading(i) * shock(c);
      const bool right = uniform(rng) < sigmoid(logit);
      const bool follow = uniform(rng) < t.shared_option;
      const int wrong_option = follow ? favourite[c] : draw_index(q, rng);
      d.responses(i, j) = right ? 1.0 : 0.0;
      d.choices(i, j) = right ? 0.0 : 1.0 + wrong_option;
    }
  }
  return d;
}

}  // namespace assay::monoculture
