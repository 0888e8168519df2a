#include "run/node_context.hpp"

#include <algorithm>

#include "assay/error.hpp"
#include "assay/host.hpp"
#include "store/hdf5/numeric_dataset.hpp"

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

bool NodeContext::has_param(std::string_view name) const {
  return params_.count(std::string(name)) > 0;
}

const Value& NodeContext::param_value(std::string_view name) const {
  auto it = params_.find(std::string(name));
  if (it != params_.end()) return it->second;
  const auto* spec = find_param(info_, name);
  if (spec && spec->optional)
    throw Error("method '" + info_.id + "' read optional param '" + std::string(name) +
                "', which the pipeline left unset; ask has_param first");
  throw Error("method '" + info_.id + "' read undeclared param '" + std::string(name) + "'");
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
  const auto* port = find_output(info_, name);
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

RealArray NodeContext::read_hdf5_dataset(std::string_view file, std::string_view dataset) const {
  return read_numeric_dataset(std::filesystem::path(file), std::string(dataset));
}

std::vector<std::pair<std::string, Value>> NodeContext::take_outputs() {
  std::vector<std::pair<std::string, Value>> ordered;
  ordered.reserve(info_.outputs.size());
  for (const auto& port : info_.outputs) {
    auto it = std::find_if(outputs_.begin(), outputs_.end(),
                           [&](const auto& o) { return o.first == port.name; });
    if (it != outputs_.end())
      ordered.push_back(std::move(*it));
    else if (!port.optional)
      throw Error("method '" + info_.id + "' did not write output '" + port.name + "'");
  }
  return ordered;
}

}  // namespace assay
