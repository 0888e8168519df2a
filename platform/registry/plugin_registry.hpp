// PluginRegistry: finds plugin libraries, checks their manifests, and owns them for the life
// of the process. Every file it does not load is recorded with the reason, so `assay list`
// can say which file was refused and why. Before a file is loaded its folder and the file
// itself must be safe (path_safety.hpp), the manifest read from the file (elf_symbol.hpp) must
// match the host's, and a file not known to load must have loaded in a child process
// (plugin_scan.hpp): dlopen maps the file and runs its constructors, so nothing that fails
// these checks is ever loaded.
#pragma once

#include <boost/dll/shared_library.hpp>
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "assay/plugin.hpp"
#include "pipeline/validate/method_catalog.hpp"
#include "registry/manifest_check.hpp"
#include "registry/path_safety.hpp"
#include "registry/plugin_scan.hpp"

namespace assay {

struct LoadedPlugin {
  std::string name;
  std::string version;
  std::string sdk_version;
  std::string license;  // SPDX expression from the manifest
  std::filesystem::path path;
  std::string sha256;
  boost::dll::shared_library library;
};

struct RegisteredMethod {
  MethodExport exported;
  const LoadedPlugin* plugin = nullptr;
};

struct PluginRefusal {
  std::filesystem::path path;
  std::string reason;
};

struct RegistryOptions {
  // Load from world-writable folders and files, or ones another user owns.
  bool allow_unsafe_paths = unsafe_plugin_paths_allowed_by_environment();
  // The program that loads a file not yet known to load (plugin_scan.hpp) before the host
  // does, and how long it may take; no program: such files load in this process directly.
  std::filesystem::path scanner = installed_plugin_scanner();
  std::chrono::milliseconds scan_limit{30000};
};

class PluginRegistry : public MethodCatalog {
 public:
  explicit PluginRegistry(RegistryOptions options = {}) : options_(options) {}
  PluginRegistry(const PluginRegistry&) = delete;
  PluginRegistry& operator=(const PluginRegistry&) = delete;
  ~PluginRegistry() override;

  // The host's own plugin folder (<prefix>/<libdir>/assay/plugins, found from <prefix>/bin/assay
  // through the relative path the build compiled in), then every entry of ASSAY_PLUGIN_PATH
  // (folders or files, separated by ':'), then the user's plugin folder if there is one.
  static std::vector<std::filesystem::path> default_search_path();
  // $XDG_DATA_HOME/assay/plugins ($HOME/.local/share/assay/plugins without it) when that folder
  // exists, else empty. Searched last, so its plugins cannot replace a shipped method: a
  // duplicate id is refused, naming both files.
  static std::filesystem::path user_plugin_folder();

  // Loads every *.so in a folder (sorted by name), or one file. A link that loops or leads
  // nowhere is refused and named; the scan goes on.
  void load(const std::filesystem::path& folder_or_file);
  void load_all(const std::vector<std::filesystem::path>& search_path);

  const MethodInfo* find(std::string_view id) const override;
  std::vector<std::string> ids() const override;
  const RegisteredMethod* method(std::string_view id) const;

  const std::vector<std::unique_ptr<LoadedPlugin>>& plugins() const { return plugins_; }
  const std::vector<PluginRefusal>& refusals() const { return refusals_; }

 private:
  void load_folder(const std::filesystem::path& folder);
  // The file's manifest, or why it must not be loaded: an unsafe path, a manifest that does
  // not match the host's, or a failed scan.
  ManifestCheck check_before_loading(const std::filesystem::path& file) const;
  void load_file(const std::filesystem::path& file);
  void refuse(const std::filesystem::path& path, std::string reason);

  RegistryOptions options_;

  // Declared before methods_ so the libraries outlive the plugin objects they hold.
  std::vector<std::unique_ptr<LoadedPlugin>> plugins_;
  std::map<std::string, RegisteredMethod, std::less<>> methods_;
  std::vector<PluginRefusal> refusals_;
};

}  // namespace assay
