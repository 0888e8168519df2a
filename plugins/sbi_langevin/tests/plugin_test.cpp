#include <tbb/task_arena.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

TEST_CASE("tuned schedule drives the sampler to the posterior within the bound", "[sbi_langevin]") {
  const auto data =
      at::run_method("gaussian_tall_model", {{"dim", 3}, {"n_obs", 10}, {"anisotropy", 4.0}});
  REQUIRE(data.at("observations").as_real_array().shape == std::vector<std::size_t>{10, 3});
  const at::ValueMap model{{"model", data.at("model")}, {"observations", data.at("observations")}};
  const auto tune =
      at::run_method("langevin_tuning", {{"score", "geffner"}, {"epsilon", 0.1}}, model);
  const auto levels = static_cast<std::size_t>(tune.at("levels").as_int());
  CHECK(tune.at("step_size").as_real_array().shape == std::vector<std::size_t>{levels});
  CHECK(tune.at("w2_exact").as_real() <= tune.at("w2_bound").as_real());
  CHECK(tune.at("w2_bound").as_real() <= 0.1);

  at::ValueMap inputs = model;
  for (const char* port : {"alpha", "step_size", "steps"}) inputs[port] = tune.at(port);
  const auto run =
      at::run_method("annealed_langevin", {{"score", "geffner"}, {"n_samples", 2000}}, inputs);
  CHECK(run.at("samples").as_real_array().shape == std::vector<std::size_t>{2000, 3});
  CHECK(run.at("trace").as_table().rows() == levels);
  const auto trace_cov = run.at("trace_cov").as_real_array();
  REQUIRE(trace_cov.shape == std::vector<std::size_t>{levels, 3, 3});
  REQUIRE(run.at("trace_mean").as_real_array().shape == std::vector<std::size_t>{levels, 3});
  // The table's per-level variances are the diagonal of the covariance trace.
  const auto& var_1 = at::column(run.at("trace").as_table(), "var_1");
  CHECK(var_1.back() == Approx(trace_cov.data[(levels - 1) * 9 + 4]));
  CHECK(run.at("total_steps").as_int() == tune.at("total_steps").as_int());
  CHECK(run.at("w2_exact").as_real() == Approx(tune.at("w2_exact").as_real()));

  const auto w2 = at::run_method("gaussian_w2", {},
                                 {{"samples", run.at("samples")},
                                  {"mean", data.at("posterior_mean")},
                                  {"cov", data.at("posterior_cov")}});
  // The Gaussian fit of 2000 draws from a law at W2 distance w2_exact is at most that far plus
  // sampling noise of a few bootstrap standard errors.
  CHECK(w2.at("w2").as_real() <= run.at("w2_exact").as_real() + 5 * w2.at("w2_se").as_real());
}

TEST_CASE("levels, when set, fix the tuned schedule's length", "[sbi_langevin]") {
  const auto data = at::run_method("gaussian_tall_model", {{"n_obs", 5}});
  const auto tune =
      at::run_method("langevin_tuning", {{"levels", 7}},
                     {{"model", data.at("model")}, {"observations", data.at("observations")}});
  CHECK(tune.at("levels").as_int() == 7);
  CHECK(tune.at("alpha").as_real_array().shape == std::vector<std::size_t>{7});
}

TEST_CASE("without bootstrap resamples gaussian_w2 has no standard error", "[sbi_langevin]") {
  const auto data = at::run_method("gaussian_tall_model", {});
  const auto w2 = at::run_method("gaussian_w2", {{"bootstrap", 0}},
                                 {{"samples", data.at("observations")},
                                  {"mean", data.at("posterior_mean")},
                                  {"cov", data.at("posterior_cov")}});
  CHECK(w2.count("w2") == 1);
  CHECK(w2.count("w2_se") == 0);
}

TEST_CASE("an unstable fixed step size fails with a message saying what to do", "[sbi_langevin]") {
  const auto data = at::run_method("gaussian_tall_model", {{"n_obs", 50}});
  CHECK_THROWS_WITH(
      at::run_method("annealed_langevin", {{"step_size", 0.5}},
                     {{"model", data.at("model")}, {"observations", data.at("observations")}}),
      Catch::Contains("lower step_size"));
}

TEST_CASE("sampler results do not depend on the number of threads", "[sbi_langevin]") {
  const auto data = at::run_method("gaussian_tall_model", {{"dim", 2}});
  const at::ValueMap inputs{{"model", data.at("model")}, {"observations", data.at("observations")}};
  const at::ValueMap params{{"n_samples", 700}, {"levels", 3}, {"steps", 5}};
  // The method's parallel loops run in the arena of the calling thread.
  const auto samples_with = [&](int threads) {
    tbb::task_arena arena(threads);
    return arena.execute([&] {
      REQUIRE(tbb::this_task_arena::max_concurrency() == threads);
      return at::run_method("annealed_langevin", params, inputs, 9).at("samples");
    });
  };
  CHECK(samples_with(1) == samples_with(2));
}
