#include "assay/method.hpp"

#include <algorithm>
#include <set>

#include "assay/error.hpp"
#include "assay/host.hpp"

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
  return add_param(
      {std::move(name), type, Value(default_value), std::move(constraint), std::move(doc)});
}

MethodInfo& MethodInfo::choice(std::string name, std::string default_value,
                               std::vector<std::string> choices, std::string doc) {
  return add_param({std::move(name), ParamType::choice, Value(std::move(default_value)),
                    one_of(std::move(choices)), std::move(doc)});
}

namespace {
template <class T>
const T* find_named(const std::vector<T>& items, std::string_view name) {
  auto it = std::find_if(items.begin(), items.end(), [&](const T& x) { return x.name == name; });
  return it == items.end() ? nullptr : &*it;
}
}  // namespace

MethodInfo& MethodInfo::provenance_output(std::string name, std::string doc) {
  output<std::string>(std::move(name), std::move(doc));
  outputs.back().provenance = true;
  return *this;
}

MethodInfo& MethodInfo::claim(Claim c) {
  if (find_named(claims, c.name))
    throw Error("method '" + id + "' declares claim '" + c.name + "' twice");
  if (!c.measure) throw Error("method '" + id + "': claim '" + c.name + "' measures nothing");
  if (!c.outcome.reproduces && (c.outcome.reason.empty() || c.outcome.readme_section.empty()))
    throw Error("method '" + id + "': claim '" + c.name +
                "' is declared not to reproduce without a reason and the README section "
                "documenting it");
  claims.push_back(std::move(c));
  return *this;
}

namespace {
bool is_numeric_scalar(Kind kind) {
  return kind == Kind::real || kind == Kind::integer || kind == Kind::boolean;
}

// Why a figure cannot name `name`, or an empty text when it is one of the method's params or
// outputs, "replicate", or "PORT.param" of a declared input PORT.
std::string unknown_column(const MethodInfo& method, const std::string& name) {
  if (const auto dot = name.find('.'); dot != std::string::npos) {
    if (dot + 1 < name.size() && find_named(method.inputs, name.substr(0, dot))) return {};
    return "'" + name + "' is not PORT.param of an input declared before the figure";
  }
  if (name == "replicate" || find_named(method.params, name) || find_named(method.outputs, name))
    return {};
  return "'" + name + "' is neither a param nor an output declared before the figure";
}

std::string figure_error(const MethodInfo& method, const Figure& f) {
  static const std::set<std::string> kinds{"line", "scatter", "bar", "heatmap", "histogram"};
  if (!kinds.count(f.kind))
    return "kind '" + f.kind + "' is not one of line, scatter, bar, heatmap, histogram";
  if (f.error != "se" && f.error != "sd" && f.error != "none")
    return "error bars '" + f.error + "' are not one of se, sd, none";
  const auto* y = find_named(method.outputs, f.y);
  if (!y || !is_numeric_scalar(y->kind))
    return "y '" + f.y + "' is not a numeric scalar output declared before the figure";
  if ((f.kind == "line" || f.kind == "scatter" || f.kind == "heatmap") && f.x.empty())
    return "a " + f.kind + " figure needs a column on x";
  if (f.kind == "heatmap" && f.row.empty()) return "a heatmap needs a column on row";
  for (const auto& name : f.columns())
    if (auto error = unknown_column(method, name); !error.empty()) return error;
  return {};
}
}  // namespace

MethodInfo& MethodInfo::figure(Figure f) {
  if (auto error = figure_error(*this, f); !error.empty())
    throw Error("method '" + id + "': figure " + std::to_string(figures.size() + 1) +
                (f.title.empty() ? "" : " ('" + f.title + "')") + ": " + error);
  figures.push_back(std::move(f));
  return *this;
}

const ParamSpec* find_param(const MethodInfo& method, std::string_view name) {
  return find_named(method.params, name);
}
const PortSpec* find_input(const MethodInfo& method, std::string_view name) {
  return find_named(method.inputs, name);
}
const PortSpec* find_output(const MethodInfo& method, std::string_view name) {
  return find_named(method.outputs, name);
}

MethodInfo& MethodInfo::add_param(ParamSpec spec) {
  if (find_named(params, spec.name))
    throw Error("method '" + id + "' declares param '" + spec.name + "' twice");
  // Pipeline files reserve these keys in a node table, and address params as "node.param".
  if (spec.name == "method" || spec.name == "inputs" || spec.name == "replicate" ||
      spec.name.find('.') != std::string::npos)
    throw Error("method '" + id + "': '" + spec.name + "' cannot be a param name");
  if (spec.default_value.kind() != Kind::none) {
    auto checked = check_param_value(spec, spec.default_value);
    if (!checked.value)
      throw Error("method '" + id + "': default of param '" + spec.name + "'" + checked.element +
                  ": " + checked.error);
    spec.default_value = std::move(*checked.value);
  }
  params.push_back(std::move(spec));
  return *this;
}

MethodInfo& MethodInfo::add_port(std::vector<PortSpec>& ports, PortSpec port) {
  if (find_named(ports, port.name))
    throw Error("method '" + id + "' declares port '" + port.name + "' twice");
  ports.push_back(std::move(port));
  return *this;
}

}  // namespace assay
