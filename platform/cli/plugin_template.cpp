#include "cli/plugin_template.hpp"

#include <regex>

#include "cli/commands.hpp"

namespace assay {

namespace {

// "@NAME@" stands for the plugin's name in every file.
std::string filled(std::string text, const std::string& name) {
  const std::string token = "@NAME@";
  for (auto at = text.find(token); at != std::string::npos; at = text.find(token, at + name.size()))
    text.replace(at, token.size(), name);
  return text;
}

constexpr const char* kScienceHeader =
    R"tpl(// The science of @NAME@: plain C++ that knows nothing of Assay, unit-tested directly
// (tests/sample_mean_test.cpp). Replace it with your method; keep it free of the SDK.
#pragma once

#include <random>

namespace @NAME@ {

// The mean of n draws from the uniform distribution on [0, 1).
double sample_mean(int n, std::mt19937_64& rng);

// Its standard error, sqrt(1 / (12 n)): a claim's tolerance comes from the statistics.
double standard_error(int n);

}  // namespace @NAME@
)tpl";

constexpr const char* kScienceSource = R"tpl(#include "sample_mean.hpp"

#include <cmath>
#include <stdexcept>

namespace @NAME@ {

double sample_mean(int n, std::mt19937_64& rng) {
  if (n < 1) throw std::invalid_argument("sample_mean: n must be at least 1");
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += uniform(rng);
  return sum / n;
}

double standard_error(int n) { return std::sqrt(1.0 / (12.0 * n)); }

}  // namespace @NAME@
)tpl";

constexpr const char* kPluginSource =
    R"tpl(// The @NAME@ plugin: the glue that declares the science (sample_mean.hpp) to Assay. Each
// method binds its params, outputs and claims once; the run function calls the science.
#include <assay/sdk.hpp>

#include "sample_mean.hpp"

namespace {

struct Draws {
  int n = 1000;
};

struct Estimate {
  double mean = 0;
  double standard_error = 0;
};

// Four standard errors: a correct implementation fails about once in 16,000 seeds.
assay::CheckResult mean_is_one_half(const assay::CheckContext& ctx) {
  std::mt19937_64 rng(ctx.seed);
  const int n = 10000;
  return assay::expect_near(@NAME@::sample_mean(n, rng), 0.5, 4 * @NAME@::standard_error(n));
}

}  // namespace

ASSAY_PLUGIN(
    "@NAME@", "0.1.0", "MIT",
    assay::method<Draws, Estimate>("@NAME@_mean", "The mean of n uniform(0, 1) draws")
        .param(&Draws::n, "n", "number of draws", assay::range(1, 1 << 24))
        .output(&Estimate::mean, "mean", "the mean of the draws")
        .output(&Estimate::standard_error, "standard_error", "its standard error, sqrt(1/(12 n))")
        .claims({{"mean_is_one_half",
                  "The mean of 10,000 uniform(0, 1) draws is 1/2 within four standard errors",
                  mean_is_one_half}})
        .run([](const Draws& d, assay::Context& ctx) {
          auto rng = ctx.rng();
          return Estimate{@NAME@::sample_mean(d.n, rng), @NAME@::standard_error(d.n)};
        }))
)tpl";

constexpr const char* kScienceTest = R"tpl(#include <catch2/catch.hpp>

#include "sample_mean.hpp"

TEST_CASE("the sample mean lies in [0, 1) and is fixed by the seed", "[@NAME@]") {
  std::mt19937_64 a(7), b(7), c(8);
  const double mean = @NAME@::sample_mean(500, a);
  CHECK(mean >= 0.0);
  CHECK(mean < 1.0);
  CHECK(mean == @NAME@::sample_mean(500, b));
  CHECK(mean != @NAME@::sample_mean(500, c));
  CHECK_THROWS_AS(@NAME@::sample_mean(0, a), std::invalid_argument);
}

TEST_CASE("the standard error falls as one over the square root of n", "[@NAME@]") {
  CHECK(@NAME@::standard_error(4) == Approx(2 * @NAME@::standard_error(16)));
  CHECK(@NAME@::standard_error(1) == Approx(0.288675).epsilon(1e-5));
}
)tpl";

constexpr const char* kPipeline =
    R"tpl(# @NAME@: the mean of n uniform draws, for three n, each with three replicates (9 points).
[pipeline]
name = "@NAME@"
seed = 1

[nodes.estimate]
method = "@NAME@_mean"

[sweep]
"estimate.n" = [10, 100, 1000]
replicates = 3
)tpl";

constexpr const char* kReadme = R"tpl(# @NAME@

One paragraph: the paper (authors, arXiv id), its claim, and what this plugin reproduces.

## What is reproduced

| claim | check | verdict |
|---|---|---|
| The mean of n uniform(0, 1) draws is 1/2 | `mean_is_one_half`: 10,000 draws, within four standard errors | reproduces |

## Definitions

Every quantity the checks and outputs measure, exactly: estimators, tolerances and where they
come from, what a seed fixes.

## Scale

What runs at `assay verify` scale and in the pipelines, against the paper's scale.

## Methods

`@NAME@_mean`: params `n`; outputs `mean`, `standard_error`.

## Running

```
assay verify @NAME@
assay run pipelines/@NAME@.toml
```

## Findings

Claims that do not reproduce at this scale, each under its own heading, with the figures seen.

## Measurements

Dated figures, the command that produced them and the machine.
)tpl";

constexpr const char* kInTreeCMake =
    R"tpl(# The science is a static library the plugin and its tests link; the plugin is the glue.
assay_add_science(@NAME@_science SOURCES sample_mean.cpp)
assay_add_plugin(@NAME@ SOURCES plugin.cpp LIBRARIES @NAME@_science)
)tpl";

constexpr const char* kInTreeTestsCMake =
    R"tpl(assay_add_test(test_@NAME@ SOURCES sample_mean_test.cpp LIBRARIES @NAME@_science NO_PLUGINS)
)tpl";

constexpr const char* kOutOfTreeCMake =
    R"tpl(# @NAME@, an Assay plugin built against an installed Assay:
#   cmake -S . -B build -DCMAKE_PREFIX_PATH=<assay prefix> && cmake --build build
#   ctest --test-dir build                    # the science's tests and `assay verify @NAME@`
#   ASSAY_PLUGIN_PATH=$PWD/build assay run pipelines/@NAME@.toml
cmake_minimum_required(VERSION 3.20)
project(@NAME@ LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)

find_package(Assay 0.6 REQUIRED)
assay_add_science(@NAME@_science SOURCES sample_mean.cpp)
assay_add_plugin(@NAME@ SOURCES plugin.cpp LIBRARIES @NAME@_science)

enable_testing()
find_package(Catch2 2 REQUIRED)
include(Catch)
add_executable(test_@NAME@ tests/main.cpp tests/sample_mean_test.cpp)
target_link_libraries(test_@NAME@ PRIVATE @NAME@_science Catch2::Catch2)
catch_discover_tests(test_@NAME@)
# The installed host loads the plugin from this build and runs its claims.
add_test(NAME "verify @NAME@" COMMAND ${ASSAY_EXECUTABLE} verify @NAME@)
set_tests_properties("verify @NAME@" PROPERTIES
                     ENVIRONMENT "ASSAY_PLUGIN_PATH=$<TARGET_FILE_DIR:@NAME@>")
)tpl";

constexpr const char* kCatchMain = R"tpl(#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
)tpl";

}  // namespace

void check_plugin_name(const std::string& name) {
  static const std::regex identifier("[a-z][a-z0-9_]{0,47}");
  if (!std::regex_match(name, identifier))
    throw UsageError("new plugin " + name +
                     ": a plugin name is a lower-case C identifier of at most 48 characters "
                     "(letters, digits, '_'; starting with a letter), e.g. my_method");
}

std::vector<TemplateFile> plugin_template(const std::string& name, TemplateLayout layout) {
  const bool in_tree = layout == TemplateLayout::in_tree;
  std::vector<TemplateFile> files = {{"CMakeLists.txt", in_tree ? kInTreeCMake : kOutOfTreeCMake},
                                     {"sample_mean.hpp", kScienceHeader},
                                     {"sample_mean.cpp", kScienceSource},
                                     {"plugin.cpp", kPluginSource},
                                     {"tests/sample_mean_test.cpp", kScienceTest},
                                     {"pipelines/" + name + ".toml", kPipeline},
                                     {"README.md", kReadme}};
  if (in_tree)
    files.push_back({"tests/CMakeLists.txt", kInTreeTestsCMake});
  else
    files.push_back({"tests/main.cpp", kCatchMain});
  for (auto& file : files) file.text = filled(std::move(file.text), name);
  return files;
}

}  // namespace assay
