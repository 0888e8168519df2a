// Unknown plugin files are loaded first in a child process (issue 34): a file whose static
// initialiser throws or aborts is refused with how the scan died and what it wrote, and the
// host goes on; a file that has loaded before is not scanned again until it changes.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "registry/plugin_registry.hpp"
#include "support/assay_process.hpp"

using namespace assay;
using assay::testing::run_assay;
using assay::testing::TempFolder;
namespace fs = std::filesystem;

namespace {
const fs::path kCrashing = fs::path(ASSAY_BUILD_DIR) / "tests/crashing_plugins";
const fs::path kChatty = fs::path(ASSAY_BUILD_DIR) / "tests/chatty_plugin/chatty.so";

RegistryOptions scanning_with(const fs::path& scanner) {
  RegistryOptions options;
  options.scanner = scanner;
  return options;
}

std::string refusal_of(const PluginRegistry& registry, const std::string& file_name) {
  for (const auto& r : registry.refusals())
    if (r.path.filename() == file_name) return r.reason;
  return "";
}

// A copy under a new path is a file no host has loaded yet.
fs::path fresh_copy(const TempFolder& folder, const fs::path& file, const std::string& name) {
  const auto copy = fs::path(folder.path()) / name;
  fs::copy_file(file, copy);
  return copy;
}
}  // namespace

TEST_CASE("plugins whose static initialisers throw or abort are refused and the host goes on",
          "[registry]") {
  PluginRegistry registry(scanning_with(ASSAY_BUILD_SCANNER));
  registry.load(kCrashing);
  const TempFolder folder("scan");
  registry.load(fresh_copy(folder, kChatty, "chatty.so"));
  CHECK_THAT(refusal_of(registry, "throwing_initialiser.so"),
             Catch::StartsWith("loading it in a scan process failed: killed by signal 6") &&
                 Catch::Contains("what():  throwing_initialiser: no licence server"));
  CHECK(refusal_of(registry, "aborting_initialiser.so") ==
        "loading it in a scan process failed: killed by signal 6 (Aborted); it wrote: "
        "aborting_initialiser: GPU driver not found");
  REQUIRE(registry.plugins().size() == 1);
  CHECK(registry.plugins().front()->name == "chatty");
}

// /bin/false stands for a scan that fails: a known file never meets it, an unknown one does.
TEST_CASE("a file that loaded before is not scanned again until it changes", "[registry]") {
  const TempFolder folder("rescan");
  const auto file = fresh_copy(folder, kChatty, "chatty.so");
  {
    PluginRegistry unknown(scanning_with("/bin/false"));
    unknown.load(file);
    CHECK(refusal_of(unknown, "chatty.so") ==
          "loading it in a scan process failed: exited with status 1");
  }
  {
    PluginRegistry first(scanning_with(ASSAY_BUILD_SCANNER));
    first.load(file);
    REQUIRE(first.refusals().empty());
  }
  PluginRegistry known(scanning_with("/bin/false"));
  known.load(file);
  CHECK(known.refusals().empty());
  CHECK(known.plugins().size() == 1);

  fs::last_write_time(file, fs::last_write_time(file) + std::chrono::seconds(1));
  PluginRegistry changed(scanning_with("/bin/false"));
  changed.load(file);
  CHECK_THAT(refusal_of(changed, "chatty.so"), Catch::StartsWith("loading it in a scan process"));
}

TEST_CASE("assay list names a plugin that aborts when loaded and lists the others",
          "[registry][cli]") {
  setenv("ASSAY_PLUGIN_PATH", kCrashing.c_str(), 1);
  const auto list = run_assay({"list"});
  unsetenv("ASSAY_PLUGIN_PATH");
  CHECK(list.exit_code == 0);
  CHECK_THAT(list.out, Catch::Contains("aborting_initialiser.so: loading it in a scan process "
                                       "failed: killed by signal 6") &&
                           Catch::Contains("uniform_matrix"));
}

// A scanner that never finishes stands for a plugin whose initialiser hangs: it is killed at
// the limit and the file refused.
TEST_CASE("a scan still running at its time limit is killed and the file refused", "[registry]") {
  const TempFolder folder("hang");
  const auto scanner = fs::path(folder.path()) / "hanging-scanner";
  std::ofstream(scanner) << "#!/bin/sh\nexec sleep 30\n";
  fs::permissions(scanner, fs::perms::owner_all);
  RegistryOptions options = scanning_with(scanner);
  options.scan_limit = std::chrono::milliseconds(200);
  PluginRegistry registry(options);
  const auto started = std::chrono::steady_clock::now();
  registry.load(fresh_copy(folder, kChatty, "chatty.so"));
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(10));
  CHECK(refusal_of(registry, "chatty.so") ==
        "loading it in a scan process failed: still loading after 200 ms");
}
