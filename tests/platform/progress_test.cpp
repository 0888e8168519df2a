// The progress line and node logs through the real executable: where stderr is not a terminal
// the line is plain, printed every --progress-every seconds with the running points' own
// fractions; --progress=none prints none; what nodes log is stored with their point.
#include <catch2/catch.hpp>
#include <regex>
#include <sstream>

#include "store/result_store.hpp"
#include "support/assay_process.hpp"

using namespace assay;
using namespace assay::testing;

namespace {

// The chatty plugin (tests/platform/chatty_plugin) is found through ASSAY_PLUGIN_PATH.
class ChattyPlugin {
 public:
  ChattyPlugin() {
    setenv("ASSAY_PLUGIN_PATH", (std::string(ASSAY_BUILD_DIR) + "/tests/chatty_plugin").c_str(), 1);
  }
  ~ChattyPlugin() { unsetenv("ASSAY_PLUGIN_PATH"); }
};

std::string one_wait(double seconds) {
  return "[pipeline]\nname = \"waiting\"\n[nodes.wait]\nmethod = \"chatty\"\nlines = 0\n"
         "seconds = " +
         std::to_string(seconds) + "\n";
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

TEST_CASE("progress: where stderr is not a terminal, plain lines show the running point's fraction",
          "[cli][progress]") {
  const ChattyPlugin chatty;
  TempFolder dir("assay-progress-plain");
  write_text(dir.file("wait.toml"), one_wait(1.5));
  // stderr is a pipe here, so the default (auto) is plain.
  const auto run = run_assay(
      {"run", dir.file("wait.toml"), "-o", dir.file("out.h5"), "--progress-every", "0.25"});
  REQUIRE(run.exit_code == 0);
  CHECK(run.err.find("\r") == std::string::npos);  // no redrawing on a file

  const auto id = read_results(dir.file("out.h5")).points.at(0).id;
  const std::regex running(
      "^\\[assay\\] 0/1 points done, 0 failed \\| ETA \\S+ \\| 1 running, "
      "least advanced ([0-9]+)% \\(" +
      id + " wait\\), mean ([0-9]+)% \\| [0-9.]+ points/s \\| elapsed \\S+$");
  std::vector<int> fractions;
  for (const auto& line : lines_of(run.err)) {
    std::smatch m;
    if (!std::regex_match(line, m, running)) continue;
    CHECK(m[1] == m[2]);  // one node reporting: the least advanced is the mean
    fractions.push_back(std::stoi(m[1]));
  }
  // 1.5 s of waiting sampled every 0.25 s gives about five lines; two leave room for a slow
  // start on a loaded machine.
  REQUIRE(fractions.size() >= 2);
  CHECK(std::is_sorted(fractions.begin(), fractions.end()));
  CHECK(fractions.front() < fractions.back());
  CHECK(fractions.back() < 100);
  // The last line is printed once the point is committed.
  CHECK_THAT(run.err, Catch::Matches("(.|\\n)*\\[assay\\] 1/1 points done, 0 failed \\| ETA 0:00 "
                                     "\\| 0 running \\|[^\\n]*\\n(.|\\n)*"));
}

TEST_CASE("progress none and quiet print no progress line", "[cli][progress]") {
  const ChattyPlugin chatty;
  TempFolder dir("assay-progress-none");
  write_text(dir.file("wait.toml"), one_wait(0.4));
  for (const std::string flag : {"--progress=none", "--quiet"}) {
    const auto run = run_assay({"run", dir.file("wait.toml"), "-o", dir.file(flag + ".h5"), flag,
                                "--progress-every", "0.1"});
    CHECK(run.exit_code == 0);
    CHECK(run.err.find("[assay]") == std::string::npos);
    CHECK_THAT(run.err, Catch::Contains("1 points: 1 ok"));
  }
  const auto plain = run_assay({"run", dir.file("wait.toml"), "-o", dir.file("plain.h5"),
                                "--progress=plain", "--progress-every", "0.1"});
  CHECK_THAT(plain.err, Catch::Contains("[assay] 0/1 points done"));
  const auto bad = run_assay({"run", dir.file("wait.toml"), "--progress=loud"});
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("--progress loud: expected auto, live, plain or none"));
}

TEST_CASE("progress: what nodes log is stored with their point and shown by assay show --point",
          "[cli][progress]") {
  const ChattyPlugin chatty;
  TempFolder dir("assay-progress-log");
  write_text(dir.file("talk.toml"), R"(
[pipeline]
name = "talk"
[nodes.talk]
method = "chatty"
[nodes.quiet]
method = "chatty"
lines = 0
[sweep]
"talk.lines" = [0, 2]
)");
  const auto run = run_assay({"run", dir.file("talk.toml"), "-o", dir.file("out.h5")});
  REQUIRE(run.exit_code == 0);
  // Shown as they come, with the point and node.
  CHECK_THAT(run.err, Catch::Contains(" talk: message 2 of 2"));
  CHECK_THAT(run.out, Catch::Contains("points whose nodes logged messages: 1 ("));

  const auto results = read_results(dir.file("out.h5"));
  REQUIRE(results.points.size() == 2);
  const auto& silent = results.points[0].swept.at(0).second == Value(std::int64_t{0})
                           ? results.points[0]
                           : results.points[1];
  const auto& talking = &silent == &results.points[0] ? results.points[1] : results.points[0];
  CHECK(silent.log.empty());
  CHECK(talking.log == "talk: message 1 of 2\ntalk: message 2 of 2\ntalk: then the wait");

  const auto shown = run_assay({"show", dir.file("out.h5"), "--point", talking.id});
  CHECK(shown.exit_code == 0);
  CHECK_THAT(shown.out, Catch::Contains("log (node: message):\n  talk: message 1 of 2\n"
                                        "  talk: message 2 of 2\n  talk: then the wait\n"));
  const auto nothing = run_assay({"show", dir.file("out.h5"), "--point", silent.id});
  CHECK_THAT(nothing.out, Catch::Contains("its nodes logged nothing"));
  const auto unknown = run_assay({"show", dir.file("out.h5"), "--point", "p-nope"});
  CHECK(unknown.exit_code == 2);
}
