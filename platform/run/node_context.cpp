#include "run/node_context.hpp"

#include <algorithm>

#include "assay/error.hpp"

namespace assay {

NodeContext::NodeContext(const MethodInfo& info, const std::map<std::string, Value>& params,
                         std::vector<std::pair<std::string, const Value*>> inputs,
                         std::uint64_t seed, StopSignals& stop, const LogSink& log)
    : info_(info),
      params_(params),
      inputs_(std::move(inputs)),
      seed_(seed),
      stop_(stop),
      log_(log) {}

const Value& NodeContext::param_value(std::string_view name) const {
  auto it = params_.find(std::string(name));
  if (it == params_.end())
    throw Error("method '" + info_.id + "' read undeclared param '" + std::string(name) + "'");
  return it->second;
}

bool NodeContext::has_input(std::string_view name) const {
  return std::any_of(inputs_.begin(), inputs_.end(),
                     [&](const auto& in) { return in.first == name; });
}

const Value& NodeContext::input_value(std::string_view name) const {
  for (const auto& [port, value] : inputs_)
    if (port == name) return *value;
  throw Error("method '" + info_.id + "' read input '" + std::string(name) +
              "', which is not connected");
}

void NodeContext::output_value(std::string_view name, Value value) {
  const auto* port = info_.find_output(name);
  if (!port)
    throw Error("method '" + info_.id + "' wrote undeclared output '" + std::string(name) + "'");
  if (port->kind != Kind::any && port->kind != value.kind())
    throw Error("method '" + info_.id + "' wrote a " + std::string(kind_name(value.kind())) +
                " to output '" + port->name + "', declared " + std::string(kind_name(port->kind)));
  for (auto& [written, old] : outputs_)
    if (written == name) return void(old = std::move(value));
  outputs_.emplace_back(std::string(name), std::move(value));
}

bool NodeContext::cancelled() const { return stop_.must_stop(); }

void NodeContext::log(std::string_view message) {
  if (log_) log_(message);
}

std::vector<std::pair<std::string, Value>> NodeContext::take_outputs() {
  std::vector<std::pair<std::string, Value>> ordered;
  ordered.reserve(info_.outputs.size());
  for (const auto& port : info_.outputs) {
    auto it = std::find_if(outputs_.begin(), outputs_.end(),
                           [&](const auto& o) { return o.first == port.name; });
    if (it == outputs_.end())
      throw Error("method '" + info_.id + "' did not write output '" + port.name + "'");
    ordered.push_back(std::move(*it));
  }
  return ordered;
}

}  // namespace assay
