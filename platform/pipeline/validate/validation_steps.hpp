// The steps of validate(), in the order it runs them. Each throws SourceError at the first
// problem it finds.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "assay/host.hpp"
#include "assay/method.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/validate/method_catalog.hpp"

namespace assay {

using NodeMethods = std::map<std::string, const MethodInfo*, std::less<>>;  // node -> method

// Every node's method, or an unknown-method error with the nearest id.
NodeMethods find_methods(const Pipeline& pipeline, const MethodCatalog& catalog);

// check_param_value, and `[]` for a matrix param is the 0x0 matrix: TOML cannot tell an empty
// list of rows from an empty list, and resolved_toml must read back.
ParamCheck check_param(const ParamSpec& spec, const Value& value);

// Where key k of a sweep axis, and its value at step i, are written (the axis if unknown).
SourcePos key_pos(const SweepAxis& axis, std::size_t k);
SourcePos step_pos(const SweepAxis& axis, std::size_t i, std::size_t k);

// Sweep keys name existing node params; sweep values canonicalised and distinct on each axis.
void resolve_sweep(Pipeline& pipeline, const NodeMethods& methods);

// Each node's params: unknown or invalid ones rejected, values canonicalised, missing ones
// filled with the default (or, for a swept param, its first sweep value); required ones present.
void resolve_params(Pipeline& pipeline, const NodeMethods& methods);

// Path params name existing files: each value becomes the file's canonical path (relative
// paths are taken from the working directory), and its content's digest is recorded.
void resolve_paths(Pipeline& pipeline, const NodeMethods& methods);

// Links name existing ports of matching kinds; required inputs are connected; a node shared
// across replicates reads only from nodes that are shared too.
void check_links(const Pipeline& pipeline, const NodeMethods& methods);

// The outputs a node's `store` names are outputs of its method; they are put in port order.
void check_stored_outputs(Pipeline& pipeline, const NodeMethods& methods);

// Sorts nodes so that each comes after the nodes it reads from, otherwise keeping file order;
// a cycle is an error naming its nodes.
void order_by_dependencies(Pipeline& pipeline);

// The names of `items` (params or ports), for suggestions and lists in hints.
template <class T>
std::vector<std::string> names_of(const std::vector<T>& items) {
  std::vector<std::string> out;
  for (const auto& item : items) out.push_back(item.name);
  return out;
}
std::vector<std::string> node_names(const Pipeline& pipeline);

}  // namespace assay
