#include "registry/plugin_registry.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <boost/dll/runtime_symbol_info.hpp>
#include <cstdlib>
#include <set>
#include <sstream>

#include "assay/host.hpp"
#include "registry/digest_cache.hpp"

namespace assay {

namespace fs = std::filesystem;

PluginRegistry::~PluginRegistry() { methods_.clear(); }

std::vector<fs::path> PluginRegistry::default_search_path() {
  std::vector<fs::path> path;
  const fs::path exe = boost::dll::program_location().string();
  path.push_back((exe.parent_path() / ASSAY_PLUGIN_DIR_FROM_HOST).lexically_normal());
  if (const char* extra = std::getenv("ASSAY_PLUGIN_PATH")) {
    std::stringstream entries(extra);
    for (std::string entry; std::getline(entries, entry, ':');)
      if (!entry.empty()) path.emplace_back(entry);
  }
  return path;
}

void PluginRegistry::load_all(const std::vector<fs::path>& search_path) {
  for (const auto& entry : search_path) load(entry);
}

void PluginRegistry::load(const fs::path& folder_or_file) {
  std::error_code ec;
  if (!fs::is_directory(folder_or_file, ec)) {
    if (fs::exists(folder_or_file, ec))
      load_file(folder_or_file);
    else  // a mistyped ASSAY_PLUGIN_PATH entry would otherwise go unnoticed
      refusals_.push_back({folder_or_file, "no such file or folder"});
    return;
  }
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(folder_or_file, ec))
    if (e.is_regular_file() && e.path().extension() == ".so") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) load_file(f);
}

namespace {

// Boost.DLL drops the dynamic loader's message; asking dlopen again recovers it.
std::string loader_error(const fs::path& file) {
  if (void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL)) {
    dlclose(handle);
    return "the library loads on a second attempt; check its dependencies";
  }
  const char* message = dlerror();
  return message ? message : "unknown error";
}

std::string manifest_mismatch(const PluginManifest& plugin, const PluginManifest& host) {
  const std::string versions = std::string(" (plugin built with SDK ") + plugin.sdk_version +
                               ", host has SDK " + host.sdk_version + ")";
  if (plugin.sdk_abi != host.sdk_abi)
    return "SDK ABI mismatch: plugin has ABI " + std::to_string(plugin.sdk_abi) +
           ", host has ABI " + std::to_string(host.sdk_abi) + versions +
           "; rebuild the plugin against this SDK";
  if (plugin.cxx11_abi != host.cxx11_abi)
    return "C++ ABI mismatch: plugin has _GLIBCXX_USE_CXX11_ABI=" +
           std::to_string(plugin.cxx11_abi) + ", host has " + std::to_string(host.cxx11_abi) +
           versions;
  if (plugin.eigen_align >= 0 && plugin.eigen_align != host.eigen_align)
    return "Eigen alignment mismatch: plugin has EIGEN_MAX_STATIC_ALIGN_BYTES=" +
           std::to_string(plugin.eigen_align) + ", host has " + std::to_string(host.eigen_align) +
           versions + "; build the plugin with the SDK's flags (-mavx2 -mfma)";
  if (plugin.nn_abi >= 0 && plugin.nn_abi != host.nn_abi)
    return "nn ABI mismatch: plugin links libassay_nn ABI " + std::to_string(plugin.nn_abi) +
           ", this install has ABI " + std::to_string(host.nn_abi) + versions +
           "; rebuild the plugin against this install";
  return {};
}

}  // namespace

void PluginRegistry::load_file(const fs::path& file) {
  const auto refuse = [&](std::string reason) { refusals_.push_back({file, std::move(reason)}); };
  auto plugin = std::make_unique<LoadedPlugin>();
  boost::dll::fs::error_code ec;
  plugin->library.load(file.string(), ec,
                       boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
  if (ec) return refuse("load error: " + loader_error(file));
  if (!plugin->library.has("assay_plugin_manifest"))
    return refuse("not an Assay plugin: no assay_plugin_manifest symbol");
  const auto& manifest = plugin->library.get<const PluginManifest>("assay_plugin_manifest");
  if (manifest.magic != kManifestMagic) return refuse("not an Assay plugin: bad manifest magic");
  if (auto why = manifest_mismatch(manifest, host_manifest()); !why.empty()) return refuse(why);
  if (!plugin->library.has("assay_plugin_methods"))
    return refuse("not an Assay plugin: no assay_plugin_methods symbol");

  MethodList list;
  try {
    plugin->library.get<void(MethodList&)>("assay_plugin_methods")(list);
  } catch (const std::exception& e) {
    return refuse(std::string("registration failed: ") + e.what());
  }
  std::set<std::string> ids;
  for (const auto& m : list) {
    if (auto it = methods_.find(m.info.id); it != methods_.end())
      return refuse("duplicate method id '" + m.info.id + "': already provided by " +
                    it->second.plugin->path.string());
    if (!ids.insert(m.info.id).second)
      return refuse("duplicate method id '" + m.info.id + "' within the plugin");
  }
  plugin->name = manifest.name;
  plugin->version = manifest.version;
  plugin->sdk_version = manifest.sdk_version;
  plugin->license = manifest.license ? manifest.license : "";
  plugin->path = fs::absolute(file);
  plugin->sha256 = cached_sha256_file(file);
  for (auto& m : list) {
    if (m.info.version.empty()) m.info.version = plugin->version;
    auto id = m.info.id;
    methods_.emplace(std::move(id), RegisteredMethod{std::move(m), plugin.get()});
  }
  plugins_.push_back(std::move(plugin));
}

const RegisteredMethod* PluginRegistry::method(std::string_view id) const {
  auto it = methods_.find(id);
  return it == methods_.end() ? nullptr : &it->second;
}

const MethodInfo* PluginRegistry::find(std::string_view id) const {
  const auto* m = method(id);
  return m ? &m->exported.info : nullptr;
}

std::vector<std::string> PluginRegistry::ids() const {
  std::vector<std::string> out;
  for (const auto& [id, m] : methods_) out.push_back(id);
  return out;
}

}  // namespace assay
