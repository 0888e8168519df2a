// cil_decentering through the registry: generator -> sequential/joint training -> de-centering.
#include <catch2/catch.hpp>
#include <cmath>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {
at::ValueMap pick(const at::ValueMap& from, std::initializer_list<const char*> names) {
  at::ValueMap out;
  for (const char* n : names) out[n] = from.at(n);
  return out;
}
}  // namespace

TEST_CASE("de-centering a trained sequential head lowers its task confusion and recovers accuracy",
          "[cil_decentering]") {
  const auto data =
      at::run_method("gaussian_tasks",
                     {{"tasks", 2}, {"classes", 2}, {"dim", 6}, {"n_train", 300}, {"n_test", 500}});
  REQUIRE(data.at("features").as_real_array().shape == std::vector<std::size_t>{1200, 6});
  const auto trained = at::run_method("cil_train", {},
                                      pick(data, {"features", "labels", "tasks", "test_features",
                                                  "test_labels", "means", "sigma"}));
  const double joint = trained.at("joint_accuracy").as_real();
  const double sequential = trained.at("sequential_accuracy").as_real();
  CHECK(joint >= sequential);

  auto inputs = pick(trained, {"sequential_weights", "sequential_biases", "class_task",
                               "joint_weights", "joint_biases"});
  for (const auto& [k, v] :
       pick(data, {"features", "labels", "test_features", "test_labels", "means", "sigma"}))
    inputs[k] = v;
  const auto fixed = at::run_method("decenter", {}, inputs);
  INFO("accuracy " << fixed.at("accuracy").as_real() << " sequential " << sequential << " joint "
                   << joint << " confusion " << fixed.at("task_confusion").as_real() << " vs "
                   << fixed.at("sequential_task_confusion").as_real());
  CHECK(fixed.at("sequential_accuracy").as_real() == sequential);
  // 2000 test samples: a binomial standard error of at most 0.011 on each accuracy.
  CHECK(fixed.at("task_confusion").as_real() < fixed.at("sequential_task_confusion").as_real());
  CHECK(fixed.at("accuracy").as_real() > sequential + 0.02);
}

TEST_CASE("spirals through the random-feature backbone feed training and de-centering",
          "[cil_decentering]") {
  const auto data =
      at::run_method("spirals", {{"n", 2400}, {"dim", 2}, {"classes", 6}, {"noise", 0.05}});
  const auto backbone = at::run_method(
      "random_feature_backbone", {{"classes_per_task", 2}, {"width", 48}, {"test_fraction", 0.5}},
      pick(data, {"x", "y"}));
  REQUIRE(backbone.at("features").as_real_array().shape == std::vector<std::size_t>{1200, 48});
  REQUIRE(backbone.at("test_features").as_real_array().shape == std::vector<std::size_t>{1200, 48});
  const auto labels = backbone.at("labels").as_int_array().data;
  const auto tasks = backbone.at("tasks").as_int_array().data;
  for (std::size_t i = 0; i < labels.size(); ++i) CHECK(tasks[i] == labels[i] / 2);
  const auto trained = at::run_method(
      "cil_train", {},
      pick(backbone, {"features", "labels", "tasks", "test_features", "test_labels"}));
  auto inputs = pick(trained, {"sequential_weights", "sequential_biases", "class_task",
                               "joint_weights", "joint_biases"});
  for (const auto& [k, v] : pick(backbone, {"features", "labels", "test_features", "test_labels"}))
    inputs[k] = v;
  const auto fixed = at::run_method("decenter", {{"covariance_ridge", 1e-6}}, inputs);
  const double sequential = fixed.at("sequential_accuracy").as_real();
  const double decentered = fixed.at("accuracy").as_real();
  // Paired accuracies on 1200 test samples: the SE of their difference is at most
  // sqrt(1 / 1200) = 0.029.
  INFO("sequential " << sequential << " de-centered " << decentered << " joint "
                     << trained.at("joint_accuracy").as_real());
  CHECK(decentered > sequential + 3 * std::sqrt(1.0 / 1200));
  CHECK(fixed.at("gap_recovered").as_real() > 0);
}
