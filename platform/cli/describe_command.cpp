// assay describe METHOD|FILE.so [--json]: params, ports, checks, figures and paper of one
// method, or of every method of one plugin file.
#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>

#include "assay/host.hpp"
#include "cli/command_options.hpp"
#include "cli/figures_json.hpp"
#include "cli/json_output.hpp"
#include "cli/loaded_plugins.hpp"

namespace assay {

namespace {

const char* kUsage = R"(Usage: assay describe METHOD|FILE.so [--json]

Shows a method's params (type, range, default), input and output ports, the paper it comes
from, the checks `assay verify` runs and the figures `assay report` draws of its results.
Given a plugin file (a path, or a name ending in .so), loads that file alone and describes
every method it exports; a file the registry refuses is an error naming the reason. An unknown method id is an error suggesting the
nearest one.

Examples:
  assay describe uniform_matrix
  assay describe faulty --json | python3 -m json.tool
  assay describe build/lib/assay/plugins/examples.so)";

Json ports_json(const std::vector<PortSpec>& ports) {
  Json list = Json::array();
  for (const auto& p : ports)
    list.push_back({{"name", p.name},
                    {"kind", kind_name(p.kind)},
                    {"optional", p.optional},
                    {"provenance", p.provenance},
                    {"doc", p.doc}});
  return list;
}

Json bound_json(const std::optional<double>& bound) { return bound ? Json(*bound) : Json(); }

Json params_json(const std::vector<ParamSpec>& params) {
  Json list = Json::array();
  for (const auto& p : params)
    list.push_back({{"name", p.name},
                    {"type", param_type_name(p.type)},
                    {"required", p.required()},
                    {"optional", p.optional},
                    {"default", value_json(p.default_value)},
                    {"min", bound_json(p.constraint.min)},
                    {"max", bound_json(p.constraint.max)},
                    {"choices", p.constraint.choices},
                    {"doc", p.doc}});
  return list;
}

Json checks_json(const std::vector<Claim>& claims) {
  Json list = Json::array();
  for (const auto& c : claims)
    list.push_back({{"name", c.name},
                    {"claim", c.sentence},
                    {"declared", c.outcome.reproduces ? "reproduces" : "does_not_reproduce"},
                    {"reason", c.outcome.reason},
                    {"readme_section", c.outcome.readme_section}});
  return list;
}

Json figures_json(const std::vector<Figure>& figures) {
  Json list = Json::array();
  for (const auto& f : figures) list.push_back(figure_json(f));
  return list;
}

// "line: w2 against total_steps, by score": the figure's roles in words.
std::string figure_text(const Figure& f) {
  std::string text = f.kind + ": " + f.y;
  if (!f.x.empty()) text += " against " + f.x;
  if (!f.row.empty()) text += " and " + f.row;
  if (!f.colour.empty()) text += ", by " + f.colour;
  if (!f.facet.empty()) text += ", per " + f.facet;
  return f.title.empty() ? text : f.title + " (" + text + ")";
}

Json method_json(const RegisteredMethod& m) {
  const auto& info = m.exported.info;
  return {{"id", info.id},
          {"version", info.version},
          {"summary", info.summary},
          {"paper", info.paper},
          {"plugin", m.plugin->name},
          {"plugin_path", m.plugin->path.string()},
          {"reentrant", info.reentrant},
          {"params", params_json(info.params)},
          {"inputs", ports_json(info.inputs)},
          {"outputs", ports_json(info.outputs)},
          {"checks", checks_json(info.claims)},
          {"figures", figures_json(info.figures)}};
}

// The names' column is as wide as the longest name, so a long one does not run into its kind.
void print_ports(const char* title, const std::vector<PortSpec>& ports) {
  if (ports.empty()) return;
  std::cout << "\n" << title << ":\n";
  std::size_t width = 22;
  for (const auto& p : ports) width = std::max(width, p.name.size());
  for (const auto& p : ports)
    std::cout << "  " << std::left << std::setw(static_cast<int>(width + 1)) << p.name + " "
              << std::setw(13) << std::string(kind_name(p.kind)) + " " << p.doc
              << (p.optional ? " (optional)" : "") << (p.provenance ? " (also in /provenance)" : "")
              << "\n";
}

std::string default_text(const ParamSpec& p) {
  if (p.optional) return "optional";
  return p.required() ? "required" : "default " + to_text(p.default_value);
}

void print_text(const RegisteredMethod& m) {
  const auto& info = m.exported.info;
  std::cout << info.id << " " << info.version << "  (plugin " << m.plugin->name << ", "
            << m.plugin->path.string() << ")\n  " << info.summary << "\n";
  if (!info.paper.empty()) std::cout << "  paper: " << info.paper << "\n";
  if (!info.reentrant) std::cout << "  not re-entrant: never runs twice at once\n";
  if (!info.params.empty()) std::cout << "\nparams:\n";
  for (const auto& p : info.params)
    std::cout << "  " << std::left << std::setw(23) << p.name + " " << std::setw(34)
              << describe_type(p) + " " << default_text(p) << "\n"
              << std::string(26, ' ') << p.doc << "\n";
  print_ports("inputs", info.inputs);
  print_ports("outputs", info.outputs);
  if (!info.claims.empty()) std::cout << "\nchecks (assay verify " << info.id << "):\n";
  for (const auto& c : info.claims) {
    std::cout << "  " << c.name << ": " << c.sentence << "\n";
    if (!c.outcome.reproduces)
      std::cout << "    declared not to reproduce here: " << c.outcome.reason << " ("
                << c.outcome.readme_section << ")\n";
  }
  if (!info.figures.empty()) std::cout << "\nfigures (assay report):\n";
  for (const auto& f : info.figures) std::cout << "  " << figure_text(f) << "\n";
}

// Method ids are C identifiers: an argument with a '/' or ending in .so names a file.
bool names_a_file(const std::string& argument) {
  return argument.find('/') != std::string::npos || argument.ends_with(".so");
}

// The plugin file alone, through the registry, so it is checked as any plugin is.
std::unique_ptr<PluginRegistry> load_one_file(const std::filesystem::path& file,
                                              const RegistryOptions& options) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error))
    throw UsageError(file.string() + ": no such plugin file");
  auto registry = std::make_unique<PluginRegistry>(options);
  registry->load(file);
  if (!registry->refusals().empty())
    throw UsageError(file.string() + ": refused: " + registry->refusals().front().reason);
  return registry;
}

void describe_file(const std::filesystem::path& file, bool json, const RegistryOptions& options) {
  const auto registry = load_one_file(file, options);
  const auto ids = registry->ids();
  if (!json) {
    for (std::size_t i = 0; i < ids.size(); ++i) {
      if (i > 0) std::cout << "\n";
      print_text(*registry->method(ids[i]));
    }
    return;
  }
  const auto& plugin = *registry->plugins().front();
  Json methods = Json::array();
  for (const auto& id : ids) methods.push_back(method_json(*registry->method(id)));
  write_json({{"plugin", plugin.name},
              {"version", plugin.version},
              {"path", plugin.path.string()},
              {"methods", methods}},
             std::cout);
}

// A plugin's name where a method id was expected: name its methods and its file.
void refuse_plugin_name(const PluginRegistry& registry, const std::string& name) {
  for (const auto& p : registry.plugins()) {
    if (p->name != name) continue;
    std::string methods;
    for (const auto& id : registry.ids())
      if (registry.method(id)->plugin == p.get()) methods += (methods.empty() ? "" : ", ") + id;
    throw UsageError("'" + name + "' is a plugin, not a method; its methods: " + methods +
                     "; `assay describe " + p->path.string() + "` describes them all");
  }
}

}  // namespace

int describe_command(const CommandLine& cmd) {
  po::options_description options("Options");
  options.add_options()("json", "machine-readable output on stdout");
  add_plugin_path_options(options);
  Operands operands;
  operands.options.add_options()("method", po::value<std::string>()->required(),
                                 "method id or plugin file");
  operands.positional.add("method", 1);
  po::variables_map vm;
  if (!parse_options(cmd, "describe", kUsage, options, operands, vm)) return 0;
  const auto& what = vm["method"].as<std::string>();
  const bool json = vm.count("json") > 0;
  if (names_a_file(what)) {
    describe_file(what, json, registry_options(vm));
    return 0;
  }
  const auto registry = load_plugins(true, vm);
  if (!registry->method(what)) refuse_plugin_name(*registry, what);
  const auto& m = require_method(*registry, what);
  json ? write_json(method_json(m), std::cout) : print_text(m);
  return 0;
}

}  // namespace assay
