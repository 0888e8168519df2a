#include "assay/method.hpp"

#include <algorithm>

#include "assay/error.hpp"

namespace assay {

MethodInfo method(std::string id, std::string summary) {
  MethodInfo info;
  info.id = std::move(id);
  info.summary = std::move(summary);
  return info;
}

MethodInfo& MethodInfo::cite(std::string citation) {
  paper = std::move(citation);
  return *this;
}

MethodInfo& MethodInfo::not_reentrant() {
  reentrant = false;
  return *this;
}

MethodInfo& MethodInfo::param(std::string name, const char* default_value, std::string doc,
                              Constraint constraint) {
  const auto type = constraint.choices.empty() ? ParamType::string : ParamType::choice;
  return add_param(std::move(name), type, Value(default_value), std::move(doc),
                   std::move(constraint));
}

MethodInfo& MethodInfo::choice(std::string name, std::string default_value,
                               std::vector<std::string> choices, std::string doc) {
  return add_param(std::move(name), ParamType::choice, Value(std::move(default_value)),
                   std::move(doc), one_of(std::move(choices)));
}

MethodInfo& MethodInfo::check(std::string name, std::string claim, CheckFn run) {
  checks.push_back({std::move(name), std::move(claim), std::move(run)});
  return *this;
}

namespace {
template <class T>
const T* find_named(const std::vector<T>& items, std::string_view name) {
  auto it = std::find_if(items.begin(), items.end(), [&](const T& x) { return x.name == name; });
  return it == items.end() ? nullptr : &*it;
}
}  // namespace

const ParamSpec* MethodInfo::find_param(std::string_view name) const {
  return find_named(params, name);
}
const PortSpec* MethodInfo::find_input(std::string_view name) const {
  return find_named(inputs, name);
}
const PortSpec* MethodInfo::find_output(std::string_view name) const {
  return find_named(outputs, name);
}

// Declaration mistakes are the plugin author's, so they surface when the plugin loads.
MethodInfo& MethodInfo::add_param(std::string name, ParamType type, Value default_value,
                                  std::string doc, Constraint constraint) {
  if (find_param(name)) throw Error("method '" + id + "' declares param '" + name + "' twice");
  // Pipeline files reserve these keys in a node table, and address params as "node.param".
  if (name == "method" || name == "inputs" || name.find('.') != std::string::npos)
    throw Error("method '" + id + "': '" + name + "' cannot be a param name");
  ParamSpec spec{name, type, Value{}, std::move(constraint), std::move(doc)};
  if (default_value.kind() == Kind::none) {
    params.push_back(std::move(spec));
    return *this;
  }
  auto checked = spec.check(default_value);
  if (!checked.value)
    throw Error("method '" + id + "': default of param '" + name + "': " + checked.error);
  spec.default_value = std::move(*checked.value);
  params.push_back(std::move(spec));
  return *this;
}

MethodInfo& MethodInfo::add_port(std::vector<PortSpec>& ports, std::string name, Kind kind,
                                 std::string doc, bool optional) {
  if (find_named(ports, name))
    throw Error("method '" + id + "' declares port '" + name + "' twice");
  ports.push_back({std::move(name), kind, std::move(doc), optional});
  return *this;
}

}  // namespace assay
