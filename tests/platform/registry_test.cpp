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

// Why a registry that loads only this refused plugin refuses it (and that it loads nothing).
std::string refusal_alone(const std::string& file_name) {
  PluginRegistry registry;
  registry.load(kRefused / file_name);
  CHECK(registry.plugins().empty());
  return refusal_of(registry, file_name);
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

// Its manifest has SDK 1's layout (strings as pointers, unreadable from the unloaded file), so
// the two ABIs and the host's SDK version are what can be named.
TEST_CASE("a plugin built against SDK 1 is refused naming both ABIs", "[registry]") {
  CHECK_THAT(refusal_alone("wrong_abi.so"),
             Catch::Contains("plugin has ABI 1, host has ABI " + std::to_string(kSdkAbiVersion)) &&
                 Catch::Contains("SDK " ASSAY_SDK_VERSION));
}

TEST_CASE("a plugin built with _GLIBCXX_USE_CXX11_ABI=0 is refused naming both values",
          "[registry]") {
  CHECK_THAT(refusal_alone("old_cxx_abi.so"),
             Catch::StartsWith("C++ ABI mismatch: plugin has _GLIBCXX_USE_CXX11_ABI=0, host has "
                               "_GLIBCXX_USE_CXX11_ABI=1"));
}

TEST_CASE("a plugin built against another libassay_nn is refused naming both nn ABIs",
          "[registry]") {
  CHECK_THAT(refusal_alone("wrong_nn_abi.so"),
             Catch::Contains("nn ABI mismatch: plugin links libassay_nn ABI " +
                             std::to_string(ASSAY_NN_ABI + 1) + ", this install has ABI " +
                             std::to_string(ASSAY_NN_ABI)));
}

TEST_CASE("a shared library without a manifest is refused as not an Assay plugin", "[registry]") {
  CHECK_THAT(refusal_alone("not_a_plugin.so"), Catch::StartsWith("not an Assay plugin"));
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

TEST_CASE("a text file named .so is refused as not an ELF file before loading", "[registry]") {
  const auto folder = fs::temp_directory_path() / "assay_registry_garbage";
  fs::create_directories(folder);
  std::ofstream(folder / "garbage.so") << "not an ELF file";
  PluginRegistry registry;
  registry.load(folder);
  CHECK(refusal_of(registry, "garbage.so") ==
        "not an ELF file: 15 bytes, fewer than an ELF header's 64");
  fs::remove_all(folder);
}

// The loader's own message is what is left to say when a library whose manifest matches does
// not load.
TEST_CASE("a plugin with an unresolved symbol is refused with the loader's message", "[registry]") {
  CHECK_THAT(refusal_alone("unresolved_symbol.so"),
             Catch::StartsWith("load error") &&
                 Catch::Contains("undefined symbol: assay_test_no_such_function"));
}
