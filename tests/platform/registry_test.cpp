#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "registry/plugin_registry.hpp"

using namespace assay;
namespace fs = std::filesystem;

namespace {
const fs::path kPlugins = fs::path(ASSAY_BUILD_PLUGIN_DIR);
const fs::path kRefused = fs::path(ASSAY_BUILD_DIR) / "tests/refused_plugins";

std::string refusal_of(const PluginRegistry& registry, const std::string& file_name) {
  for (const auto& r : registry.refusals())
    if (r.path.filename() == file_name) return r.reason;
  return "";
}
}  // namespace

TEST_CASE("the registry loads the examples plugin with its methods and provenance", "[registry]") {
  PluginRegistry registry;
  registry.load(kPlugins / "examples.so");
  REQUIRE(registry.refusals().empty());
  REQUIRE(registry.find("uniform_matrix"));
  CHECK(registry.find("matrix_summary"));
  CHECK(registry.find("faulty"));
  const auto& plugin = *registry.plugins().front();
  CHECK(plugin.name == "examples");
  CHECK(plugin.sha256.size() == 64);
  CHECK(registry.method("uniform_matrix")->exported.info.version == "1.0.0");
}

TEST_CASE("a plugin built against SDK 1 is refused naming both versions", "[registry]") {
  PluginRegistry registry;
  registry.load(kRefused / "wrong_abi.so");
  const auto reason = refusal_of(registry, "wrong_abi.so");
  CHECK_THAT(reason,
             Catch::Contains("plugin has ABI 1, host has ABI " + std::to_string(kSdkAbiVersion)) &&
                 Catch::Contains("SDK 0.1.0") && Catch::Contains(ASSAY_SDK_VERSION));
  CHECK(registry.plugins().empty());
}

TEST_CASE("a plugin built against another libassay_nn is refused naming both nn ABIs",
          "[registry]") {
  PluginRegistry registry;
  registry.load(kRefused / "wrong_nn_abi.so");
  CHECK_THAT(refusal_of(registry, "wrong_nn_abi.so"),
             Catch::Contains("nn ABI mismatch: plugin links libassay_nn ABI " +
                             std::to_string(ASSAY_NN_ABI + 1) + ", this install has ABI " +
                             std::to_string(ASSAY_NN_ABI)));
  CHECK(registry.plugins().empty());
}

TEST_CASE("a shared library without a manifest is refused as not an Assay plugin", "[registry]") {
  PluginRegistry registry;
  registry.load(kRefused / "not_a_plugin.so");
  CHECK_THAT(refusal_of(registry, "not_a_plugin.so"), Catch::StartsWith("not an Assay plugin"));
}

TEST_CASE("a duplicate method id is refused naming both files", "[registry]") {
  PluginRegistry registry;
  registry.load(kPlugins / "examples.so");
  registry.load(kRefused / "duplicate_id.so");
  const auto reason = refusal_of(registry, "duplicate_id.so");
  CHECK_THAT(reason, Catch::Contains("duplicate method id 'uniform_matrix'") &&
                         Catch::Contains("examples.so"));
  CHECK(registry.method("uniform_matrix")->plugin->name == "examples");
}

TEST_CASE("a plugin whose registration throws is refused with the reason", "[registry]") {
  PluginRegistry registry;
  registry.load(kRefused / "failing_registration.so");
  CHECK_THAT(refusal_of(registry, "failing_registration.so"),
             Catch::Contains("registration failed") && Catch::Contains("default of param 'n'"));
}

TEST_CASE("a file the loader cannot open is refused with the loader's message", "[registry]") {
  const auto folder = fs::temp_directory_path() / "assay_registry_garbage";
  fs::create_directories(folder);
  std::ofstream(folder / "garbage.so") << "not an ELF file";
  PluginRegistry registry;
  registry.load(folder);
  CHECK_THAT(refusal_of(registry, "garbage.so"),
             Catch::StartsWith("load error") && Catch::Contains("garbage.so"));
  fs::remove_all(folder);
}
