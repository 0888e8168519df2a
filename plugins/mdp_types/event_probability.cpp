#include "event_probability.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "markov_chain.hpp"

namespace assay::mdp_types {

namespace {

constexpr double kNegligible = 1e-280;

// Cells (n_row = a, n_pair = b), b <= a, stored as a lower triangle.
std::size_t cell(std::size_t a, std::size_t b) { return a * (a + 1) / 2 + b; }

}  // namespace

std::vector<double> exact_event_log_probability(const Eigen::MatrixXd& kernel,
                                                const Eigen::VectorXd& initial,
                                                const ConditionalEvent& event,
                                                const std::vector<int>& lengths,
                                                const ProgressFn& progress) {
  require_stochastic(kernel, "kernel");
  if (initial.size() != kernel.rows()) throw std::invalid_argument("initial law has wrong size");
  if (lengths.empty()) return {};
  const int n_max = *std::max_element(lengths.begin(), lengths.end());
  const auto m = static_cast<std::size_t>(kernel.rows());
  const auto row = static_cast<std::size_t>(event.row), col = static_cast<std::size_t>(event.col);
  const std::size_t cells = cell(n_max + 1, 0);
  std::vector<std::vector<double>> mass(m, std::vector<double>(cells, 0.0)), next = mass;
  for (std::size_t z = 0; z < m; ++z) mass[z][cell(0, 0)] = initial(z);

  std::vector<double> log_probability(lengths.size(), -std::numeric_limits<double>::infinity());
  const auto record = [&](int t) {
    for (std::size_t k = 0; k < lengths.size(); ++k) {
      if (lengths[k] != t) continue;
      double p = 0;
      for (std::size_t z = 0; z < m; ++z)
        for (std::size_t a = 0; a <= static_cast<std::size_t>(t); ++a)
          for (std::size_t b = 0; b <= a; ++b)
            if (event.contains(a, b)) p += mass[z][cell(a, b)];
      log_probability[k] = p > 0 ? std::log(p) : -std::numeric_limits<double>::infinity();
    }
  };
  record(0);
  for (int t = 0; t < n_max; ++t) {
    // Gather form: each cell of the next law is written once, from the same cell of every
    // state other than `row` and from the cell one row-visit (and one pair, into `col`) back.
    // Rows a <= t + 1 of `next` are written; row t + 1 of `mass` was never written, so is zero.
    for (std::size_t a = 0; a <= static_cast<std::size_t>(t) + 1; ++a) {
      const std::size_t here = cell(a, 0);
      for (std::size_t w = 0; w < m; ++w) {
        double* out = next[w].data() + here;
        std::fill(out, out + a + 1, 0.0);
        for (std::size_t z = 0; z < m; ++z) {
          const double k = kernel(z, w);
          if (z == row || k == 0) continue;
          const double* from = mass[z].data() + here;
          for (std::size_t b = 0; b <= a; ++b) out[b] += k * from[b];
        }
        const double k = kernel(row, w);
        if (a > 0 && k != 0) {
          const double* from = mass[row].data() + cell(a - 1, 0);
          const std::size_t shift = w == col ? 1 : 0;
          for (std::size_t b = 0; b < a; ++b) out[b + shift] += k * from[b];
        }
        for (std::size_t b = 0; b <= a; ++b) out[b] = out[b] < kNegligible ? 0.0 : out[b];
      }
    }
    std::swap(mass, next);
    record(t + 1);
    if (progress) progress(std::pow(static_cast<double>(t + 1) / n_max, 3));
  }
  return log_probability;
}

CategoricalSampler::CategoricalSampler(const Eigen::VectorXd& probabilities) {
  double acc = 0;
  for (Eigen::Index i = 0; i < probabilities.size(); ++i)
    cumulative_.push_back(acc += probabilities(i));
}

int CategoricalSampler::operator()(std::mt19937_64& rng) const {
  const double u = std::uniform_real_distribution<double>(0.0, cumulative_.back())(rng);
  const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
  return static_cast<int>(std::min<std::ptrdiff_t>(
      it - cumulative_.begin(), static_cast<std::ptrdiff_t>(cumulative_.size()) - 1));
}

std::vector<CategoricalSampler> row_samplers(const Eigen::MatrixXd& kernel) {
  std::vector<CategoricalSampler> rows;
  for (Eigen::Index i = 0; i < kernel.rows(); ++i) rows.emplace_back(kernel.row(i).transpose());
  return rows;
}

std::int64_t count_event_paths(const Eigen::MatrixXd& kernel, const Eigen::VectorXd& initial,
                               const ConditionalEvent& event, int n, std::int64_t paths,
                               std::mt19937_64& rng) {
  const CategoricalSampler start(initial);
  const auto step = row_samplers(kernel);
  std::int64_t hits = 0;
  for (std::int64_t p = 0; p < paths; ++p) {
    int z = start(rng);
    std::int64_t n_row = 0, n_pair = 0;
    for (int t = 0; t < n; ++t) {
      const int w = step[z](rng);
      if (z == event.row) {
        ++n_row;
        n_pair += w == event.col;
      }
      z = w;
    }
    hits += event.contains(n_row, n_pair);
  }
  return hits;
}

}  // namespace assay::mdp_types
