// Test support: loads the built plugins through the registry, exactly as `assay` does, and
// runs a method or a check in-process, with params validated and defaulted as a pipeline
// would have them.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "assay/check.hpp"
#include "assay/value.hpp"
#include "registry/plugin_registry.hpp"

namespace assay::testing {

// The registry over the build's plugin folder, loaded once per test process.
const PluginRegistry& built_plugins();

using ValueMap = std::map<std::string, Value>;

// Runs `method` with `params`, resolved as pipeline validation resolves a node's (unset ones
// take their defaults; every value is checked by its ParamSpec; a SourceError names the bad
// one), and `inputs`; returns the outputs by port. Throws what the method throws.
ValueMap run_method(const std::string& method, const ValueMap& params = {},
                    const ValueMap& inputs = {}, std::uint64_t seed = 1);

// Runs the check `check` of `method` with the given seed.
CheckResult run_check(const std::string& method, const std::string& check, std::uint64_t seed = 1);

// "method/check: measured M RELATION expected E (detail)", for a test's INFO.
std::string check_text(const std::string& method, const std::string& check, const CheckResult& r);

// The column `name` of `table` (T: double, std::int64_t or std::string); throws naming the
// column when the table has none of that name and type.
template <class T = double>
const std::vector<T>& column(const Table& table, const std::string& name) {
  for (std::size_t c = 0; c < table.names.size(); ++c)
    if (table.names[c] == name) {
      if (const auto* values = std::get_if<std::vector<T>>(&table.columns[c])) return *values;
      throw std::runtime_error("column '" + name + "' is not of the type asked for");
    }
  throw std::runtime_error("no column '" + name + "'");
}

}  // namespace assay::testing
