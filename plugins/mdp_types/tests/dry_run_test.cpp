// The shipped pair-LDP pipeline through the real CLI: a bad element of the integer vector
// `lengths` is refused by `assay run --dry-run` (exit 2, naming the key) before anything runs.
#include <catch2/catch.hpp>
#include <filesystem>

#include "support/assay_process.hpp"

namespace at = assay::testing;

namespace {
const std::string kPipeline =
    std::string(ASSAY_SOURCE_DIR) + "/plugins/mdp_types/pipelines/mdp_types_ldp.toml";

at::ProcessResult dry_run(const at::TempFolder& dir, const std::string& lengths) {
  return at::run_assay(
      {"run", kPipeline, "-o", dir.file("r.h5"), "--dry-run", "--set", "ldp.lengths=" + lengths});
}
}  // namespace

TEST_CASE("the shipped pair-LDP pipeline dry-runs with integer lengths", "[mdp_types][cli]") {
  at::TempFolder dir("mdp_dry");
  const auto run = dry_run(dir, "[50, 100]");
  CHECK(run.exit_code == 0);
  CHECK_FALSE(std::filesystem::exists(dir.file("r.h5")));
}

TEST_CASE("a fractional length fails the dry run naming nodes.ldp.lengths", "[mdp_types][cli]") {
  at::TempFolder dir("mdp_dry");
  const auto run = dry_run(dir, "[0.5]");
  CHECK(run.exit_code == 2);
  CHECK_THAT(run.err, Catch::Contains("nodes.ldp.lengths"));
  CHECK_FALSE(std::filesystem::exists(dir.file("r.h5")));
}

TEST_CASE("a length out of range fails the dry run naming its element", "[mdp_types][cli]") {
  at::TempFolder dir("mdp_dry");
  const auto run = dry_run(dir, "[50, 0]");
  CHECK(run.exit_code == 2);
  CHECK_THAT(run.err, Catch::Contains("nodes.ldp.lengths[1]") && Catch::Contains("got 0"));
  CHECK_FALSE(std::filesystem::exists(dir.file("r.h5")));
}
