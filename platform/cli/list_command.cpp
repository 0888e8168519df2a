// assay list [--json]: plugins and methods found, with versions and load status.
#include <iomanip>
#include <iostream>

#include "cli/command_options.hpp"
#include "cli/json_writer.hpp"
#include "cli/loaded_plugins.hpp"

namespace assay {

namespace {

void print_json(const PluginRegistry& registry) {
  JsonWriter json;
  json.begin_object().key("plugins").begin_array();
  for (const auto& p : registry.plugins()) {
    json.begin_object().key("name").string(p->name).key("version").string(p->version);
    json.key("status").string("loaded").key("path").string(p->path.string());
    json.key("sha256").string(p->sha256).key("sdk_version").string(p->sdk_version);
    json.key("methods").begin_array();
    for (const auto& id : registry.ids()) {
      const auto* m = registry.method(id);
      if (m->plugin != p.get()) continue;
      json.begin_object().key("id").string(id).key("version").string(m->exported.info.version);
      json.key("summary").string(m->exported.info.summary).end_object();
    }
    json.end_array().end_object();
  }
  for (const auto& r : registry.refusals())
    json.begin_object()
        .key("path")
        .string(r.path.string())
        .key("status")
        .string("refused")
        .key("reason")
        .string(r.reason)
        .end_object();
  json.end_array().end_object();
  std::cout << json.str() << "\n";
}

void print_table(const PluginRegistry& registry) {
  std::cout << std::left << std::setw(26) << "METHOD" << std::setw(18) << "PLUGIN" << std::setw(10)
            << "VERSION"
            << "SUMMARY\n";
  for (const auto& id : registry.ids()) {
    const auto* m = registry.method(id);
    std::cout << std::setw(26) << id << std::setw(18) << m->plugin->name << std::setw(10)
              << m->exported.info.version << m->exported.info.summary << "\n";
  }
  std::cout << "\n" << registry.plugins().size() << " plugins loaded";
  if (!registry.refusals().empty()) std::cout << ", " << registry.refusals().size() << " refused:";
  std::cout << "\n";
  for (const auto& r : registry.refusals())
    std::cout << "  " << r.path.string() << ": " << r.reason << "\n";
}

}  // namespace

int list_command(const CommandLine& cmd) {
  po::options_description options("Options");
  options.add_options()("json", "machine-readable output on stdout");
  po::variables_map vm;
  if (!parse_options(cmd, "list",
                     "Usage: assay list [--json]\n\nLists the methods of every plugin "
                     "found in the plugin folder and ASSAY_PLUGIN_PATH,\nand every file that was "
                     "refused, with the reason.",
                     options, {}, vm))
    return 0;
  const auto registry = load_plugins(false);
  vm.count("json") ? print_json(*registry) : print_table(*registry);
  return 0;
}

}  // namespace assay
