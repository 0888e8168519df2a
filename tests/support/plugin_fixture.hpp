// Test support: loads the built plugins through the registry, exactly as `assay` does, and
// runs a method or a check in-process, with params validated and defaulted as a pipeline
// would have them.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "assay/check.hpp"
#include "assay/value.hpp"
#include "registry/plugin_registry.hpp"

namespace assay::testing {

// The registry over the build's plugin folder, loaded once per test process.
const PluginRegistry& built_plugins();

using ValueMap = std::map<std::string, Value>;

// Runs `method` with `params` (unset ones take their defaults; every value is checked by its
// ParamSpec) and `inputs`; returns the outputs by port. Throws what the method throws.
ValueMap run_method(const std::string& method, const ValueMap& params = {},
                    const ValueMap& inputs = {}, std::uint64_t seed = 1);

// Runs the check `check` of `method` with the given seed.
CheckResult run_check(const std::string& method, const std::string& check, std::uint64_t seed = 1);

}  // namespace assay::testing
