// MethodInfo: what a method is (id, paper, params, ports, claims, figures). Plugins normally build
// it through the typed binding of <assay/bind.hpp>, which declares each param and output once
// against the member of a plain struct that carries it. The string-keyed declarations here
// remain for the rare method whose params or outputs are only known at run time:
//
//   assay::method("uniform_matrix", "I.i.d. uniform matrix")
//       .param<int>("rows", 3, "number of rows", assay::range(1, 1 << 20))
//       .output<Eigen::MatrixXd>("matrix", "rows x cols samples");
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "assay/check.hpp"
#include "assay/context.hpp"
#include "assay/figure.hpp"
#include "assay/param.hpp"
#include "assay/value.hpp"

namespace assay {

struct PortSpec {
  std::string name;
  Kind kind = Kind::any;
  std::string doc;
  bool optional = false;  // an input that may stay unconnected, an output a point may omit
  // A string output naming what the method read (a content digest, a data version): the host
  // also records the values the run's points produced in the result's /provenance.
  bool provenance = false;
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
  std::vector<Claim> claims;
  std::vector<Figure> figures;
  bool reentrant = true;  // false: the host never runs two calls of this method at once

  MethodInfo& cite(std::string citation);
  MethodInfo& not_reentrant();

  template <class T>
  MethodInfo& param(std::string name, T default_value, std::string doc,
                    Constraint constraint = {}) {
    return add_param({std::move(name), ParamTypeOf<T>::value,
                      ValueCodec<T>::encode(std::move(default_value)), std::move(constraint),
                      std::move(doc)});
  }
  MethodInfo& param(std::string name, const char* default_value, std::string doc,
                    Constraint constraint = {});
  // A parameter without a default: every pipeline must set it.
  template <class T>
  MethodInfo& required(std::string name, std::string doc, Constraint constraint = {}) {
    return add_param(
        {std::move(name), ParamTypeOf<T>::value, Value{}, std::move(constraint), std::move(doc)});
  }
  // A parameter a pipeline may leave unset; the method then sees none.
  template <class T>
  MethodInfo& optional(std::string name, std::string doc, Constraint constraint = {}) {
    return add_param({std::move(name), ParamTypeOf<T>::value, Value{}, std::move(constraint),
                      std::move(doc), true});
  }
  // A string parameter restricted to `choices`; the default must be one of them.
  MethodInfo& choice(std::string name, std::string default_value, std::vector<std::string> choices,
                     std::string doc);

  template <class T>
  MethodInfo& input(std::string name, std::string doc) {
    return add_port(inputs, {std::move(name), ValueCodec<T>::kind, std::move(doc), false});
  }
  template <class T>
  MethodInfo& optional_input(std::string name, std::string doc) {
    return add_port(inputs, {std::move(name), ValueCodec<T>::kind, std::move(doc), true});
  }
  template <class T>
  MethodInfo& output(std::string name, std::string doc) {
    return add_port(outputs, {std::move(name), ValueCodec<T>::kind, std::move(doc), false});
  }
  // An output some points do not produce: absent from the point, NaN/empty in /index.
  template <class T>
  MethodInfo& optional_output(std::string name, std::string doc) {
    return add_port(outputs, {std::move(name), ValueCodec<T>::kind, std::move(doc), true});
  }
  // A string output also recorded in /provenance (PortSpec::provenance).
  MethodInfo& provenance_output(std::string name, std::string doc);
  MethodInfo& claim(Claim claim);
  // A figure of the params and outputs declared so far (assay/figure.hpp).
  MethodInfo& figure(Figure figure);

  // Declaration mistakes are the plugin author's, so they surface when the plugin loads.
  MethodInfo& add_param(ParamSpec spec);
  MethodInfo& add_port(std::vector<PortSpec>& ports, PortSpec port);
};

MethodInfo method(std::string id, std::string summary);

using MethodFn = std::function<void(Context&)>;

struct MethodExport {
  MethodInfo info;
  MethodFn run;
};
using MethodList = std::vector<MethodExport>;

inline MethodExport export_method(MethodInfo info, MethodFn run) {
  return {std::move(info), std::move(run)};
}

}  // namespace assay
