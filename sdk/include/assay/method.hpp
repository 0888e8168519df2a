// MethodInfo: what a method is (id, paper, params, ports, checks), built with a fluent
// description next to the code that uses it:
//
//   assay::method("uniform_matrix", "I.i.d. uniform matrix")
//       .param<int>("rows", 3, "number of rows", assay::range(1, 1 << 20))
//       .output<Eigen::MatrixXd>("matrix", "rows x cols samples");
#pragma once

#include <string>
#include <vector>

#include "assay/check.hpp"
#include "assay/param.hpp"
#include "assay/value.hpp"

namespace assay {

struct PortSpec {
  std::string name;
  Kind kind = Kind::any;
  std::string doc;
  bool optional = false;
};

class MethodInfo {
 public:
  std::string id;
  std::string summary;
  std::string paper;    // citation of the paper the method reproduces, if any
  std::string version;  // empty: the plugin's version
  std::vector<ParamSpec> params;
  std::vector<PortSpec> inputs;
  std::vector<PortSpec> outputs;
  std::vector<CheckSpec> checks;
  bool reentrant = true;  // false: the host never runs two calls of this method at once

  MethodInfo& cite(std::string citation);
  MethodInfo& not_reentrant();

  template <class T>
  MethodInfo& param(std::string name, T default_value, std::string doc,
                    Constraint constraint = {}) {
    return add_param(std::move(name), ParamTypeOf<T>::value,
                     ValueCodec<T>::encode(std::move(default_value)), std::move(doc),
                     std::move(constraint));
  }
  MethodInfo& param(std::string name, const char* default_value, std::string doc,
                    Constraint constraint = {});
  // A parameter without a default: every pipeline must set it.
  template <class T>
  MethodInfo& required(std::string name, std::string doc, Constraint constraint = {}) {
    return add_param(std::move(name), ParamTypeOf<T>::value, Value{}, std::move(doc),
                     std::move(constraint));
  }
  // A string parameter restricted to `choices`; the default must be one of them.
  MethodInfo& choice(std::string name, std::string default_value, std::vector<std::string> choices,
                     std::string doc);

  template <class T>
  MethodInfo& input(std::string name, std::string doc) {
    return add_port(inputs, std::move(name), ValueCodec<T>::kind, std::move(doc), false);
  }
  template <class T>
  MethodInfo& optional_input(std::string name, std::string doc) {
    return add_port(inputs, std::move(name), ValueCodec<T>::kind, std::move(doc), true);
  }
  template <class T>
  MethodInfo& output(std::string name, std::string doc) {
    return add_port(outputs, std::move(name), ValueCodec<T>::kind, std::move(doc), false);
  }
  MethodInfo& check(std::string name, std::string claim, CheckFn run);

  const ParamSpec* find_param(std::string_view name) const;
  const PortSpec* find_input(std::string_view name) const;
  const PortSpec* find_output(std::string_view name) const;

 private:
  MethodInfo& add_param(std::string name, ParamType type, Value default_value, std::string doc,
                        Constraint constraint);
  MethodInfo& add_port(std::vector<PortSpec>& ports, std::string name, Kind kind, std::string doc,
                       bool optional);
};

MethodInfo method(std::string id, std::string summary);

}  // namespace assay
