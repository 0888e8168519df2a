// PluginRegistry: finds plugin libraries, checks their manifests, and owns them for the life
// of the process. Every file it does not load is recorded with the reason, so `assay list`
// can say which file was refused and why.
#pragma once

#include <boost/dll/shared_library.hpp>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "assay/plugin.hpp"
#include "pipeline/validate/method_catalog.hpp"

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

class PluginRegistry : public MethodCatalog {
 public:
  PluginRegistry() = default;
  PluginRegistry(const PluginRegistry&) = delete;
  PluginRegistry& operator=(const PluginRegistry&) = delete;
  ~PluginRegistry() override;

  // The host's own plugin folder (<prefix>/<libdir>/assay/plugins, found from <prefix>/bin/assay
  // through the relative path the build compiled in), then every entry of ASSAY_PLUGIN_PATH
  // (folders or files, separated by ':').
  static std::vector<std::filesystem::path> default_search_path();

  // Loads every *.so in a folder (sorted by name), or one file.
  void load(const std::filesystem::path& folder_or_file);
  void load_all(const std::vector<std::filesystem::path>& search_path);

  const MethodInfo* find(std::string_view id) const override;
  std::vector<std::string> ids() const override;
  const RegisteredMethod* method(std::string_view id) const;

  const std::vector<std::unique_ptr<LoadedPlugin>>& plugins() const { return plugins_; }
  const std::vector<PluginRefusal>& refusals() const { return refusals_; }

 private:
  void load_file(const std::filesystem::path& file);

  // Declared before methods_ so the libraries outlive the plugin objects they hold.
  std::vector<std::unique_ptr<LoadedPlugin>> plugins_;
  std::map<std::string, RegisteredMethod, std::less<>> methods_;
  std::vector<PluginRefusal> refusals_;
};

}  // namespace assay
