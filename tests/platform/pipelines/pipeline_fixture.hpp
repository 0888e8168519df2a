// What the pipeline tests share: a MethodCatalog of a few hand-made methods (so no plugins are
// needed) and shortcuts from pipeline text to a validated pipeline or to its error message.
#pragma once

#include <assay/eigen.hpp>
#include <assay/method.hpp>
#include <map>
#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "pipeline/validate/method_catalog.hpp"

namespace assay::test {

class FakeCatalog : public MethodCatalog {
 public:
  FakeCatalog() {
    add(method("uniform_matrix", "uniform samples")
            .param<int>("rows", 3, "rows", range(1, 1000))
            .param<int>("cols", 3, "cols", range(1, 1000))
            .param<double>("low", 0.0, "lower bound")
            .param<double>("high", 1.0, "upper bound")
            .output<RealArray>("matrix", "samples"));
    add(method("matrix_summary", "mean and norm")
            .input<RealArray>("matrix", "a matrix")
            .output<double>("mean", "mean")
            .output<double>("frobenius", "norm"));
    add(method("needs", "a bit of every param type")
            .required<int>("n", "required count", range(1, 10))
            .choice("mode", "fast", {"fast", "exact"}, "how")
            .param<std::vector<double>>("weights", {1.0, 2.0}, "weights")
            .param<Eigen::MatrixXd>("kernel", Eigen::MatrixXd::Identity(2, 2), "kernel")
            .param("label", "none", "a label")
            .param<bool>("verbose", false, "chatty")
            .param<std::vector<int>>("lengths", {1, 2}, "lengths", range(1, 1000000))
            .optional<double>("scale", "unset: no scaling")
            .optional<std::filesystem::path>("table", "a data file")
            .optional_input<double>("prior", "optional")
            .output<std::int64_t>("count", "count"));
    add(method("pass", "y = scale * x")
            .input<double>("x", "in")
            .param<double>("scale", 1.0, "factor")
            .output<double>("y", "out"));
    add(method("source", "a constant")
            .param<double>("value", 1.0, "it")
            .output<double>("y", "out"));
    auto sink = method("sink", "takes anything");
    sink.inputs.push_back({"anything", Kind::any, "any value", false});
    add(std::move(sink));
  }

  const MethodInfo* find(std::string_view id) const override {
    const auto it = methods_.find(std::string(id));
    return it == methods_.end() ? nullptr : &it->second;
  }
  std::vector<std::string> ids() const override {
    std::vector<std::string> out;
    for (const auto& [id, info] : methods_) out.push_back(id);
    return out;
  }

 private:
  void add(MethodInfo info) { methods_.emplace(info.id, std::move(info)); }
  std::map<std::string, MethodInfo> methods_;
};

inline const FakeCatalog& catalog() {
  static const FakeCatalog instance;
  return instance;
}

inline Pipeline validated(const std::string& text, const std::vector<std::string>& overrides = {}) {
  auto pipeline = parse_pipeline_text(text, "t.toml");
  for (const auto& o : overrides) apply_override(pipeline, o);
  validate(pipeline, catalog());
  return pipeline;
}

// The message of the SourceError that parsing, overriding or validating `text` throws.
inline std::string error_of(const std::string& text,
                            const std::vector<std::string>& overrides = {}) {
  try {
    validated(text, overrides);
  } catch (const SourceError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace assay::test
