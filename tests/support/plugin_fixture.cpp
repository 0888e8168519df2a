#include "support/plugin_fixture.hpp"

#include <stdexcept>

#include "assay/host.hpp"
#include "pipeline/validate/validation_steps.hpp"
#include "run/node_context.hpp"

namespace assay::testing {

const PluginRegistry& built_plugins() {
  static const PluginRegistry* registry = [] {
    static PluginRegistry r;
    r.load(ASSAY_BUILD_PLUGIN_DIR);
    return &r;
  }();
  return *registry;
}

namespace {
const RegisteredMethod& find_method(const std::string& id) {
  const auto* m = built_plugins().method(id);
  if (!m) throw std::runtime_error("method '" + id + "' is not in the built plugins");
  return *m;
}

// The params a pipeline node of `info` with `given` would run with: the platform's own
// resolve_params (unknown and invalid params rejected, values canonicalised, defaults filled,
// required ones present), on a one-node pipeline. Path params are left as given: the method
// reads them itself, and its own errors are what the tests check.
ValueMap resolved_params(const MethodInfo& info, const ValueMap& given) {
  Pipeline pipeline;
  pipeline.file = "run_method(" + info.id + ")";
  NodeSpec node;
  node.name = info.id;
  node.method = info.id;
  node.pos = {pipeline.file, 0, 0};
  for (const auto& [name, value] : given) node.params[name] = {value, node.pos};
  pipeline.nodes.push_back(std::move(node));
  resolve_params(pipeline, NodeMethods{{info.id, &info}});
  ValueMap params;
  for (auto& [name, setting] : pipeline.nodes.front().params) params[name] = setting.value;
  return params;
}
}  // namespace

ValueMap run_method(const std::string& method, const ValueMap& params, const ValueMap& inputs,
                    std::uint64_t seed) {
  const auto& m = find_method(method);
  const auto resolved = resolved_params(m.exported.info, params);
  std::vector<std::pair<std::string, const Value*>> connected;
  for (const auto& [port, value] : inputs) connected.emplace_back(port, &value);
  StopSignals stop;
  const NodeContext::LogSink no_log;
  NodeContext ctx(m.exported.info, resolved, std::move(connected), seed, stop, no_log);
  m.exported.run(ctx);
  ValueMap outputs;
  for (auto& [port, value] : ctx.take_outputs()) outputs[port] = std::move(value);
  return outputs;
}

CheckResult run_check(const std::string& method, const std::string& check, std::uint64_t seed) {
  for (const auto& c : find_method(method).exported.info.claims)
    if (c.name == check) return c.measure(CheckContext{seed, {}});
  throw std::runtime_error("method '" + method + "' has no check '" + check + "'");
}

std::string check_text(const std::string& method, const std::string& check, const CheckResult& r) {
  return method + "/" + check + ": measured " + number_text(r.measured) + " " + r.relation +
         " expected " + number_text(r.expected) + " (" + r.detail + ")";
}

}  // namespace assay::testing
