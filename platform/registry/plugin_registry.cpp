#include "registry/plugin_registry.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <boost/dll/runtime_symbol_info.hpp>
#include <cstdlib>
#include <set>
#include <sstream>

#include "assay/host.hpp"
#include "registry/digest_cache.hpp"
#include "registry/elf_symbol.hpp"
#include "registry/manifest_check.hpp"

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
  if (auto user = user_plugin_folder(); !user.empty()) path.push_back(std::move(user));
  return path;
}

fs::path PluginRegistry::user_plugin_folder() {
  const char* data = std::getenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  fs::path folder;
  if (data && *data)
    folder = fs::path(data) / "assay/plugins";
  else if (home && *home)
    folder = fs::path(home) / ".local/share/assay/plugins";
  std::error_code error;
  return !folder.empty() && fs::is_directory(folder, error) ? folder : fs::path();
}

void PluginRegistry::load_all(const std::vector<fs::path>& search_path) {
  for (const auto& entry : search_path) load(entry);
}

namespace {

// Why a path cannot be followed to a file or folder, or empty: a loop of symbolic links would
// otherwise stop the whole scan, and a dangling one be skipped unnamed.
std::string unreachable_reason(const fs::path& path) {
  std::error_code error;
  if (fs::exists(fs::status(path, error))) return {};
  if (error == std::errc::too_many_symbolic_link_levels)
    return "a loop of symbolic links (" + error.message() + ")";
  std::error_code link_error;
  if (fs::is_symlink(fs::symlink_status(path, link_error)))
    return "a dangling symbolic link to " + fs::read_symlink(path, link_error).string();
  if (error == std::errc::no_such_file_or_directory) return "no such file or folder";
  return error.message();
}

// Boost.DLL drops the dynamic loader's message; asking dlopen again recovers it.
std::string loader_error(const fs::path& file) {
  if (void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL)) {
    dlclose(handle);
    return "the library loads on a second attempt; check its dependencies";
  }
  const char* message = dlerror();
  return message ? message : "unknown error";
}

// The manifest read from the file, unloaded, and checked against the host's.
ManifestCheck manifest_from_file(const fs::path& file) {
  const auto record = read_elf_symbol(file, "assay_plugin_manifest");
  switch (record.outcome) {
    case ElfSymbolBytes::Outcome::read:
      return check_manifest(record.bytes, host_manifest());
    case ElfSymbolBytes::Outcome::no_such_symbol:
      return {{}, "not an Assay plugin: no assay_plugin_manifest symbol"};
    case ElfSymbolBytes::Outcome::unreadable_file:
      break;
  }
  return {{}, record.error};
}

}  // namespace

void PluginRegistry::refuse(const fs::path& path, std::string reason) {
  refusals_.push_back({path, std::move(reason)});
}

void PluginRegistry::load(const fs::path& folder_or_file) {
  if (auto why = unreachable_reason(folder_or_file); !why.empty())
    return refuse(folder_or_file, std::move(why));
  std::error_code error;
  if (fs::is_directory(folder_or_file, error))
    load_folder(folder_or_file);
  else
    load_file(folder_or_file);
}

void PluginRegistry::load_folder(const fs::path& folder) {
  if (!options_.allow_unsafe_paths)
    if (auto why = unsafe_path_reason(folder); !why.empty()) return refuse(folder, std::move(why));
  std::error_code error;
  std::vector<fs::path> files;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
    if (it->path().extension() == ".so") files.push_back(it->path());
  if (error) refuse(folder, "cannot list the folder: " + error.message());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    if (auto why = unreachable_reason(f); !why.empty())
      refuse(f, std::move(why));
    else if (fs::is_regular_file(f, error))  // a folder named *.so is not a plugin
      load_file(f);
  }
}

ManifestCheck PluginRegistry::check_before_loading(const fs::path& file) const {
  if (!options_.allow_unsafe_paths)
    if (auto why = unsafe_path_reason(file); !why.empty()) return {{}, std::move(why)};
  auto checked = manifest_from_file(file);
  if (checked.refusal.empty() && !options_.scanner.empty() && !sha256_is_cached(file))
    checked.refusal = scan_in_child(options_.scanner, file, options_.scan_limit);
  return checked;
}

void PluginRegistry::load_file(const fs::path& file) {
  const auto checked = check_before_loading(file);
  if (!checked.refusal.empty()) return refuse(file, checked.refusal);
  const auto& manifest = checked.manifest;

  auto plugin = std::make_unique<LoadedPlugin>();
  boost::dll::fs::error_code ec;
  plugin->library.load(file.string(), ec,
                       boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
  if (ec) return refuse(file, "load error: " + loader_error(file));
  if (!plugin->library.has("assay_plugin_methods"))
    return refuse(file, "not an Assay plugin: no assay_plugin_methods symbol");

  MethodList list;
  try {
    plugin->library.get<void(MethodList&)>("assay_plugin_methods")(list);
  } catch (const std::exception& e) {
    return refuse(file, std::string("registration failed: ") + e.what());
  }
  std::set<std::string> ids;
  for (const auto& m : list) {
    if (auto it = methods_.find(m.info.id); it != methods_.end())
      return refuse(file, "duplicate method id '" + m.info.id + "': already provided by " +
                              it->second.plugin->path.string());
    if (!ids.insert(m.info.id).second)
      return refuse(file, "duplicate method id '" + m.info.id + "' within the plugin");
  }
  plugin->name = manifest.name;
  plugin->version = manifest.version;
  plugin->sdk_version = manifest.sdk_version;
  plugin->license = manifest.license;
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
