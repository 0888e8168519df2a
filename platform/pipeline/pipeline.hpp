// Pipeline: a parsed and validated pipeline file (see README, "Pipeline file").
//
// Parsing keeps every value's place in the file so that validation errors name file, line,
// column and key. Validation resolves every node's full parameter set (declared defaults
// filled in, values canonicalised by ParamSpec::check) and a dependency order.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "assay/value.hpp"
#include "pipeline/parse/source_error.hpp"
#include "pipeline/validate/method_catalog.hpp"

namespace assay {

struct ParamSetting {
  Value value;
  SourcePos pos;
};

struct InputLink {
  std::string node;  // upstream node name
  std::string port;  // upstream output port
  SourcePos pos;
};

struct NodeSpec {
  std::string name;
  std::string method;
  SourcePos pos;                               // where the node's name is written
  SourcePos method_pos;                        // where its method id is written
  std::map<std::string, ParamSetting> params;  // after validate(): every declared param
  std::map<std::string, InputLink> inputs;     // input port -> upstream output
  // `replicate = "shared"`: the node's lineage omits the replicate, so every replicate of a
  // point uses one computation of it (e.g. one pretrained model for all fine-tuning seeds).
  bool shared_across_replicates = false;
  SourcePos replicate_pos;  // where `replicate` is written, if it is
  // `store = false | [outputs]`: the outputs written to the result; unset (`store = true`, the
  // default) writes all. The others still flow downstream. After validate(): the named outputs
  // are ports of the method, without repeats, in the method's port order.
  std::optional<std::vector<std::string>> stored_outputs;
  SourcePos store_pos;         // where `store` is written, if it is
  std::string method_version;  // after validate(): the version its lineage key names
};

// A sweep list of random draws (README "Pipeline files"): `samples` values drawn uniformly from
// [low, high) (on a log scale with `log`), or `samples` distinct elements of `choices`. The draws
// derive from the pipeline seed and the key, so they are only made by validate(), after --set
// may have changed the seed; until then the axis holds `samples` placeholders.
struct SweepDraw {
  enum class Rule : std::uint8_t { uniform, choice };
  Rule rule = Rule::uniform;
  double low = 0, high = 0;
  bool log = false;
  std::vector<Value> choices;
  std::size_t samples = 0;
};

// One sweep axis. Several keys make a zipped axis: they advance together.
struct SweepAxis {
  std::vector<std::string> keys;          // "node.param"
  std::vector<std::vector<Value>> steps;  // steps[i][k]: value of keys[k] at step i
  SourcePos pos;
  std::vector<SourcePos> key_pos;                // where keys[k] is written
  std::vector<std::vector<SourcePos>> step_pos;  // step_pos[i][k]: where steps[i][k] is written
  // draws[k]: the rule keys[k]'s values are still to be drawn by (empty: none is).
  std::vector<std::optional<SweepDraw>> draws;
};

struct Pipeline {
  std::string file;         // path as given, used in every error
  std::string source_text;  // the file's text, stored in results as written
  std::string name;
  std::uint64_t seed = 1;
  std::vector<NodeSpec> nodes;  // after validate(): in a dependency order (inputs first)
  std::vector<SweepAxis> axes;
  std::int64_t replicates = 1;
  // After validate(): the "node.param" keys of path params, and the SHA-256 of the content of
  // every file they name (by canonical path), which stands for the path in ids and lineage.
  std::set<std::string> path_params;
  std::map<std::string, std::string> file_digests;

  const NodeSpec* find_node(std::string_view name) const;
};

// Throws SourceError (file unreadable, TOML syntax, unknown table or key, wrong shapes).
Pipeline parse_pipeline_file(const std::string& path);
Pipeline parse_pipeline_text(std::string_view text, const std::string& file);

// Applies one `--set` override: "node.param=value" replaces a param (and drops any sweep axis
// over it); "sweep.node.param=[v1, v2]" sets or replaces a sweep axis. Values are TOML.
// Errors name "--set" as the file and the assignment as the key.
void apply_override(Pipeline& pipeline, std::string_view assignment);

// Checks the pipeline against the available methods and resolves it in place: unknown method
// (with the nearest id), unknown/missing param, wrong type, out of range, unknown port, port
// kind mismatch, cycle, unconnected required input, sweep keys and values. Throws SourceError.
void validate(Pipeline& pipeline, const MethodCatalog& methods);

// The resolved pipeline as TOML (all params explicit, sweep included), stored in results.
std::string resolved_toml(const Pipeline& pipeline);

}  // namespace assay
