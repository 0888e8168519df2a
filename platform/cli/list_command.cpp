// assay list [--json]: plugins and methods found, with versions and load status.
#include <algorithm>
#include <iomanip>
#include <iostream>

#include "cli/command_options.hpp"
#include "cli/json_output.hpp"
#include "cli/loaded_plugins.hpp"

namespace assay {

namespace {

Json methods_json(const PluginRegistry& registry, const LoadedPlugin& plugin) {
  Json methods = Json::array();
  for (const auto& id : registry.ids()) {
    const auto* m = registry.method(id);
    if (m->plugin == &plugin)
      methods.push_back({{"id", id},
                         {"version", m->exported.info.version},
                         {"summary", m->exported.info.summary}});
  }
  return methods;
}

void print_json(const PluginRegistry& registry) {
  Json plugins = Json::array();
  for (const auto& p : registry.plugins())
    plugins.push_back({{"name", p->name},
                       {"version", p->version},
                       {"status", "loaded"},
                       {"path", p->path.string()},
                       {"sha256", p->sha256},
                       {"sdk_version", p->sdk_version},
                       {"license", p->license},
                       {"methods", methods_json(registry, *p)}});
  for (const auto& r : registry.refusals())
    plugins.push_back({{"path", r.path.string()}, {"status", "refused"}, {"reason", r.reason}});
  write_json({{"plugins", plugins}}, std::cout);
}

// One line per loaded plugin: its version, licence (one shipped plugin is GPL-3 by linking
// CGAL) and file.
void print_plugins(const PluginRegistry& registry) {
  std::size_t name_width = 0, license_width = 0;
  for (const auto& p : registry.plugins()) {
    name_width = std::max(name_width, p->name.size() + 1 + p->version.size());
    license_width = std::max(license_width, p->license.size());
  }
  for (const auto& p : registry.plugins())
    std::cout << "  " << std::left << std::setw(static_cast<int>(name_width + 2))
              << p->name + " " + p->version << std::setw(static_cast<int>(license_width + 2))
              << p->license << p->path.string() << "\n";
}

// Columns as wide as their longest entry (at least the header), so long ids never run together.
void print_table(const PluginRegistry& registry) {
  std::size_t id_width = 6, plugin_width = 6, version_width = 7;
  for (const auto& id : registry.ids()) {
    const auto* m = registry.method(id);
    id_width = std::max(id_width, id.size());
    plugin_width = std::max(plugin_width, m->plugin->name.size());
    version_width = std::max(version_width, m->exported.info.version.size());
  }
  const auto column = [](std::size_t width) { return std::setw(static_cast<int>(width + 2)); };
  std::cout << std::left << column(id_width) << "METHOD" << column(plugin_width) << "PLUGIN"
            << column(version_width) << "VERSION"
            << "SUMMARY\n";
  for (const auto& id : registry.ids()) {
    const auto* m = registry.method(id);
    std::cout << column(id_width) << id << column(plugin_width) << m->plugin->name
              << column(version_width) << m->exported.info.version << m->exported.info.summary
              << "\n";
  }
  std::cout << "\n" << registry.plugins().size() << " plugins loaded";
  if (!registry.refusals().empty()) std::cout << ", " << registry.refusals().size() << " refused";
  std::cout << ":\n";
  print_plugins(registry);
  for (const auto& r : registry.refusals())
    std::cout << "  " << r.path.string() << ": " << r.reason << "\n";
}

}  // namespace

int list_command(const CommandLine& cmd) {
  po::options_description options("Options");
  options.add_options()("json", "machine-readable output on stdout")(
      "check", "exit 1 when any plugin file was refused (for scripts and install checks)");
  add_plugin_path_options(options);
  po::variables_map vm;
  if (!parse_options(cmd, "list",
                     "Usage: assay list [--json] [--check]\n\nLists the methods of every plugin "
                     "found in the plugin folder and ASSAY_PLUGIN_PATH,\nand every file that was "
                     "refused, with the reason.\n\n"
                     "Examples:\n"
                     "  assay list\n"
                     "  ASSAY_PLUGIN_PATH=~/my_plugins assay list     # with your own plugins\n"
                     "  assay list --check > /dev/null || echo 'a plugin was refused'\n"
                     "  assay list --json | python3 -m json.tool",
                     options, {}, vm))
    return 0;
  const auto registry = load_plugins(false, vm);
  vm.count("json") ? print_json(*registry) : print_table(*registry);
  return vm.count("check") && !registry->refusals().empty() ? 1 : 0;
}

}  // namespace assay
