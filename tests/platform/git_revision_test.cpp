// The git revision /provenance records: the build's script on scratch repositories (clean,
// edited, staged, untracked file, no git at all), and a real run's /provenance.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "store/result_store.hpp"
#include "support/assay_process.hpp"
#include "support/skip.hpp"

using namespace assay::testing;

namespace {

int shell(const std::string& command) { return std::system(command.c_str()); }

// The string a generated git_revision.cpp makes git_revision() return.
std::string generated_revision(const std::string& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  std::smatch m;
  const auto source = text.str();
  REQUIRE(std::regex_search(source, m, std::regex(R"re(return "([^"]*)";)re")));
  return m[1];
}

// What cmake/AssayGitRevision.cmake writes for `tree`.
std::string script_revision(const TempFolder& scratch, const std::string& tree) {
  const auto out = scratch.file("git_revision.cpp");
  REQUIRE(shell("cmake -DSOURCE_DIR=" + tree + " -DOUTPUT=" + out +
                " -P " ASSAY_SOURCE_DIR "/cmake/AssayGitRevision.cmake") == 0);
  return generated_revision(out);
}

}  // namespace

TEST_CASE("the git revision says -dirty only when tracked files changed", "[cli][provenance]") {
  if (shell("git --version >/dev/null 2>&1") != 0) ASSAY_SKIP("no git");
  TempFolder scratch("git-revision");
  const auto repo = scratch.file("repo");
  REQUIRE(shell("git init -q " + repo + " && cd " + repo +
                " && echo a > tracked && git add tracked && git -c user.name=t -c "
                "user.email=t@t commit -q -m one") == 0);
  const auto hash_file = scratch.file("hash");
  REQUIRE(shell("git -C " + repo + " rev-parse --short HEAD > " + hash_file) == 0);
  std::string hash;
  std::ifstream(hash_file) >> hash;

  CHECK(script_revision(scratch, repo) == hash);
  write_text(repo + "/untracked", "new");
  CHECK(script_revision(scratch, repo) == hash);  // an untracked file is not a change
  write_text(repo + "/tracked", "edited");
  CHECK(script_revision(scratch, repo) == hash + "-dirty");
  REQUIRE(shell("git -C " + repo + " add tracked") == 0);
  CHECK(script_revision(scratch, repo) == hash + "-dirty");  // staged, not committed
  const auto not_git = scratch.file("not_git");
  std::filesystem::create_directories(not_git);
  CHECK(script_revision(scratch, not_git) == "unknown");
}

TEST_CASE("a run's /provenance names the revision the host was built from", "[cli][provenance]") {
  TempFolder dir("provenance-revision");
  write_text(dir.file("p.toml"),
             "[pipeline]\nname = \"x\"\n[nodes.a]\nmethod = \"uniform_matrix\"\n");
  REQUIRE(run_assay({"run", dir.file("p.toml"), "-o", dir.file("r.h5"), "-q"}).exit_code == 0);
  const auto revision = assay::read_results(dir.file("r.h5")).info.provenance.at("git_revision");
  CHECK(std::regex_match(revision, std::regex("[0-9a-f]{7,40}(-dirty)?|unknown")));
  // The revision the last build generated: read at build time, not at configure time.
  CHECK(revision == generated_revision(ASSAY_BUILD_DIR "/platform/cli/git_revision.cpp"));
}
