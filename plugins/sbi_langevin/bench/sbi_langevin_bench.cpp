// Chains x steps per CPU second of the annealed Langevin sampler (plugins/sbi_langevin), one
// thread, on a Gaussian tall model with a fixed schedule. Writes the problem (model, data,
// schedule) as JSON so that plugins/sbi_langevin/bench/peer.py runs the very same sampler in NumPy,
// and prints "key value" lines: timing, the sample moments and the exact ULA law they estimate.
//
//   bench_sbi_langevin PROBLEM.json [dim n_obs chains levels steps repeats score]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "annealed_langevin.hpp"
#include "bridging_density.hpp"
#include "gaussian_tall_model.hpp"
#include "langevin_tuning.hpp"

namespace sl = assay::sbi_langevin;

namespace {

struct BenchSize {
  int dim = 5;
  int n_obs = 10;
  int chains = 1000;
  int levels = 10;
  int steps = 50;
  int repeats = 5;
  std::string score = "linhart";
};

// Each level runs `steps` steps of size 0.5 / max precision of its bridging density: stable and
// the same for both sides (the tuned rule is not the object here, the sampler's speed is).
std::vector<sl::LevelStep> fixed_schedule(const sl::GaussianTallModel& model, sl::ScoreKind kind,
                                          const BenchSize& size) {
  const sl::VpSchedule vp;
  std::vector<sl::LevelStep> schedule;
  for (const double t : sl::level_times(size.levels)) {
    const auto at = vp.at(t);
    const double p_max = sl::bridging_density(model, kind, at).precision.maxCoeff();
    schedule.push_back({at.alpha, 0.5 / p_max, size.steps});
  }
  return schedule;
}

std::string json_array(const Eigen::VectorXd& v) {
  std::string out = "[";
  char buffer[40];
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    std::snprintf(buffer, sizeof buffer, "%s%.17g", i ? ", " : "", v[i]);
    out += buffer;
  }
  return out + "]";
}

std::string json_matrix(const Eigen::MatrixXd& m) {
  std::string out = "[";
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    out += (r ? ", " : "") + json_array(m.row(r).transpose());
  return out + "]";
}

void write_problem(const std::string& path, const sl::GaussianTallModel& model,
                   const std::vector<sl::LevelStep>& schedule, const BenchSize& size) {
  Eigen::VectorXd alpha(schedule.size()), h(schedule.size());
  for (std::size_t l = 0; l < schedule.size(); ++l) {
    alpha[l] = schedule[l].alpha;
    h[l] = schedule[l].step_size;
  }
  std::ofstream out(path);
  out << "{\"score\": \"" << size.score << "\", \"chains\": " << size.chains
      << ", \"steps\": " << size.steps << ", \"repeats\": " << size.repeats
      << ",\n \"prior_mean\": " << json_array(model.prior_mean())
      << ",\n \"prior_var\": " << json_array(model.prior_var())
      << ",\n \"noise_var\": " << json_array(model.noise_var())
      << ",\n \"observations\": " << json_matrix(model.observations())
      << ",\n \"alpha\": " << json_array(alpha) << ",\n \"step_size\": " << json_array(h) << "}\n";
}

void print_vector(const char* key, const Eigen::VectorXd& v) {
  std::printf("%s", key);
  for (Eigen::Index i = 0; i < v.size(); ++i) std::printf(" %.10g", v[i]);
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: bench_sbi_langevin PROBLEM.json [dim n_obs chains levels steps repeats "
                 "score]\n");
    return 2;
  }
  BenchSize size;
  int* const ints[] = {&size.dim,    &size.n_obs, &size.chains,
                       &size.levels, &size.steps, &size.repeats};
  for (int a = 2; a < std::min(argc, 8); ++a) *ints[a - 2] = std::stoi(argv[a]);
  if (argc > 8) size.score = argv[8];
  const auto kind = sl::parse_score_kind(size.score);

  std::mt19937_64 data_rng(20261129);
  const Eigen::VectorXd mu0 = Eigen::VectorXd::Zero(size.dim);
  const Eigen::VectorXd v0 = sl::spread_variances(size.dim, 1.0, 4.0, false);
  const Eigen::VectorXd vx = sl::spread_variances(size.dim, 1.0, 4.0, true);
  const auto draw = sl::draw_gaussian_tall_data(mu0, v0, vx, size.n_obs, data_rng);
  const sl::GaussianTallModel model(mu0, v0, vx, draw.observations);
  const auto schedule = fixed_schedule(model, kind, size);
  write_problem(argv[1], model, schedule, size);

  std::vector<double> seconds;
  sl::AnnealedRun run;
  for (int r = 0; r < size.repeats; ++r) {
    std::mt19937_64 rng(1000 + r);
    const std::clock_t start = std::clock();
    run = sl::run_annealed_langevin(model, kind, schedule, {}, size.chains, rng);
    seconds.push_back(static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
  }
  std::sort(seconds.begin(), seconds.end());
  const double median = seconds[seconds.size() / 2];
  const double chain_steps =
      static_cast<double>(size.chains) * size.levels * static_cast<double>(size.steps);
  const auto exact = sl::annealed_ula_laws(model, kind, schedule).back();
  const Eigen::VectorXd mean = run.levels.back().mean();
  const Eigen::VectorXd var = run.levels.back().covariance().diagonal();

  std::printf("cpu_seconds %.6f\n", median);
  std::printf("chain_steps_per_second %.6g\n", chain_steps / median);
  print_vector("sample_mean", mean);
  print_vector("sample_var", var);
  print_vector("exact_mean", exact.mean);
  print_vector("exact_var", exact.var);
  return 0;
}
