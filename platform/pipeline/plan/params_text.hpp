// ParamsText: the "name=value" lines of params that point ids and lineage keys hash. Most of a
// point's params are not swept and print the same at every point, so their lines are printed
// once per plan; only the swept ones are printed per point. The text is exactly what printing
// every line per point gives, so ids and keys do not change.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "assay/value.hpp"
#include "pipeline/pipeline.hpp"

namespace assay {

using PointParams = std::map<std::string, std::map<std::string, Value>>;  // node -> param -> value

// What a param value contributes to ids and lineage: its text, or for a path param the
// digest of the file's content, so that moving or renaming the file changes nothing.
std::string identity_text(const Pipeline& pipeline, const std::string& node,
                          const std::string& name, const Value& value);

class ParamsText {
 public:
  // Appends the line `<prefix><name>=<value>\n` of `node.name`; a swept param's value is
  // looked up at each point instead.
  void add(const Pipeline& pipeline, const std::string& prefix, const std::string& node,
           const std::string& name, const Value& value, bool swept);
  void append_to(std::string& text, const Pipeline& pipeline, const PointParams& params) const;

 private:
  struct SweptLine {
    std::string prefix, node, name;
  };
  std::vector<std::string> fixed_{1};  // fixed_[i] comes before swept_[i]; the last after all
  std::vector<SweptLine> swept_;
};

}  // namespace assay
