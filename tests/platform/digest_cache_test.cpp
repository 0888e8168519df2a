// Plugin digests cached between runs (registry/digest_cache.hpp), through `assay list --json`:
// the digest a run reports is the file's, whether it was hashed now or remembered.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "registry/sha256.hpp"
#include "support/assay_process.hpp"

using namespace assay;
using namespace assay::testing;
namespace fs = std::filesystem;

namespace {
const fs::path kExamples = fs::path(ASSAY_BUILD_PLUGIN_DIR) / "examples.so";

// The sha256 `assay list --json` reports for the examples plugin, with XDG_CACHE_HOME = `cache`.
std::string listed_digest(const std::string& cache) {
  setenv("XDG_CACHE_HOME", cache.c_str(), 1);
  const auto list = run_assay({"list", "--json"});
  unsetenv("XDG_CACHE_HOME");
  REQUIRE(list.exit_code == 0);
  const auto at = list.out.find("\"name\":\"examples\"");
  REQUIRE(at != std::string::npos);
  const std::string field = "\"sha256\":\"";
  const auto digest = list.out.find(field, at);
  REQUIRE(digest != std::string::npos);
  return list.out.substr(digest + field.size(), 64);
}

std::string read_all(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The cache with the examples plugin's line replaced by `digest`; `shift` moves its recorded
// modification time, so that the line no longer matches the file.
void forge_entry(const fs::path& cache_file, const std::string& digest, long long shift) {
  std::istringstream lines(read_all(cache_file));
  std::string out, line;
  bool found = false;
  while (std::getline(lines, line)) {
    if (line.ends_with(" " + fs::absolute(kExamples).string())) {
      std::istringstream f(line);
      long long device, inode, size, modified, changed;
      std::string old_digest;
      f >> device >> inode >> size >> modified >> changed >> old_digest;
      line = std::to_string(device) + " " + std::to_string(inode) + " " + std::to_string(size) +
             " " + std::to_string(modified + shift) + " " + std::to_string(changed) + " " + digest +
             " " + fs::absolute(kExamples).string();
      found = true;
    }
    out += line + "\n";
  }
  REQUIRE(found);
  std::ofstream(cache_file, std::ios::trunc) << out;
}
}  // namespace

TEST_CASE("plugin digests are remembered only while the file is unchanged", "[registry]") {
  TempFolder dir("digests");
  const auto cache_file = fs::path(dir.path()) / "assay" / "plugin-digests";
  const auto truth = sha256_file(kExamples);
  CHECK(listed_digest(dir.path()) == truth);  // hashed, then written to the cache
  REQUIRE(fs::exists(cache_file));
  CHECK_THAT(read_all(cache_file), Catch::Contains(truth + " " + fs::absolute(kExamples).string()));
  // A line that matches the file's identity is used as it stands, which shows the cache is read:
  const std::string forged(64, '0');
  forge_entry(cache_file, forged, 0);
  CHECK(listed_digest(dir.path()) == forged);
  // but one whose recorded identity differs from the file's is not: the file is hashed again.
  forge_entry(cache_file, forged, 1);
  CHECK(listed_digest(dir.path()) == truth);
  CHECK_THAT(read_all(cache_file), Catch::Contains(truth + " " + fs::absolute(kExamples).string()));
}

TEST_CASE("plugin digests are computed when the cache cannot be written", "[registry]") {
  TempFolder dir("digests-unwritable");
  write_text(dir.file("assay"), "a file where the cache folder would be");
  CHECK(listed_digest(dir.path()) == sha256_file(kExamples));
  CHECK(read_all(dir.file("assay")) == "a file where the cache folder would be");
}
