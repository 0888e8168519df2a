// assay describe METHOD [--json]: params, ports, checks and paper of one method.
#include <iomanip>
#include <iostream>

#include "assay/host.hpp"
#include "cli/command_options.hpp"
#include "cli/json_writer.hpp"
#include "cli/loaded_plugins.hpp"

namespace assay {

namespace {

void ports_json(JsonWriter& json, const std::vector<PortSpec>& ports) {
  json.begin_array();
  for (const auto& p : ports)
    json.begin_object()
        .key("name")
        .string(p.name)
        .key("kind")
        .string(kind_name(p.kind))
        .key("optional")
        .boolean(p.optional)
        .key("provenance")
        .boolean(p.provenance)
        .key("doc")
        .string(p.doc)
        .end_object();
  json.end_array();
}

void print_json(const RegisteredMethod& m) {
  const auto& info = m.exported.info;
  JsonWriter json;
  json.begin_object().key("id").string(info.id).key("version").string(info.version);
  json.key("summary").string(info.summary).key("paper").string(info.paper);
  json.key("plugin").string(m.plugin->name).key("plugin_path").string(m.plugin->path.string());
  json.key("reentrant").boolean(info.reentrant).key("params").begin_array();
  for (const auto& p : info.params) {
    json.begin_object().key("name").string(p.name).key("type").string(param_type_name(p.type));
    json.key("required").boolean(p.required()).key("optional").boolean(p.optional);
    json.key("default").value(p.default_value);
    json.key("min");
    p.constraint.min ? json.number(*p.constraint.min) : json.null();
    json.key("max");
    p.constraint.max ? json.number(*p.constraint.max) : json.null();
    json.key("choices").begin_array();
    for (const auto& c : p.constraint.choices) json.string(c);
    json.end_array().key("doc").string(p.doc).end_object();
  }
  json.end_array().key("inputs");
  ports_json(json, info.inputs);
  json.key("outputs");
  ports_json(json, info.outputs);
  json.key("checks").begin_array();
  for (const auto& c : info.claims) {
    json.begin_object().key("name").string(c.name).key("claim").string(c.sentence);
    json.key("expected").string(c.outcome.reproduces ? "reproduces" : "does_not_reproduce");
    json.key("reason").string(c.outcome.reason);
    json.key("readme_section").string(c.outcome.readme_section).end_object();
  }
  json.end_array().end_object();
  std::cout << json.str() << "\n";
}

void print_ports(const char* title, const std::vector<PortSpec>& ports) {
  if (ports.empty()) return;
  std::cout << "\n" << title << ":\n";
  for (const auto& p : ports)
    std::cout << "  " << std::left << std::setw(23) << p.name + " " << std::setw(13)
              << std::string(kind_name(p.kind)) + " " << p.doc << (p.optional ? " (optional)" : "")
              << (p.provenance ? " (also in /provenance)" : "") << "\n";
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
}

}  // namespace

int describe_command(const CommandLine& cmd) {
  po::options_description options("Options");
  options.add_options()("method", po::value<std::string>()->required(), "method id")(
      "json", "machine-readable output on stdout");
  po::positional_options_description positional;
  positional.add("method", 1);
  po::variables_map vm;
  if (!parse_options(cmd, "describe",
                     "Usage: assay describe METHOD [--json]\n\nShows a method's "
                     "params (type, range, default), input and output ports,\nthe paper it comes "
                     "from and the checks `assay verify` runs.",
                     options, positional, vm))
    return 0;
  const auto registry = load_plugins(true);
  const auto& m = require_method(*registry, vm["method"].as<std::string>());
  vm.count("json") ? print_json(m) : print_text(m);
  return 0;
}

}  // namespace assay
