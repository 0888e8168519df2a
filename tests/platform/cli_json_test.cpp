// `--json` through the real CLI: every command that prints writes one JSON document that parses
// and says what its text says, including when a file name is not UTF-8.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "support/assay_process.hpp"

using namespace assay::testing;
using nlohmann::json;

namespace {

const std::string kExamplesPlugin = std::string(ASSAY_BUILD_PLUGIN_DIR) + "/examples.so";

// A 2 x 2 sweep (a zipped axis of two keys and a plain one) with a point that fails.
const std::string kSweep = R"(
[pipeline]
name = "json-sweep"
[nodes.data]
method = "uniform_matrix"
[nodes.summary]
method = "matrix_summary"
inputs = { matrix = "data.matrix" }
[nodes.check]
method = "faulty"
inputs = { after = "summary.mean" }
[sweep]
"data.rows" = [2, 4]
"data.cols" = [3, 5]
"check.mode" = ["ok", "throw"]
zip = [["data.rows", "data.cols"]]
)";

json parsed_stdout(const ProcessResult& r) {
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  json document;
  REQUIRE_NOTHROW(document = json::parse(r.out));
  return document;
}

const json& param(const json& node, const std::string& name) {
  for (const auto& p : node.at("params"))
    if (p.at("name") == name) return p;
  FAIL("no param " << name << " in " << node.dump());
  throw;
}

const json& node(const json& plan, const std::string& name) {
  for (const auto& n : plan.at("nodes"))
    if (n.at("name") == name) return n;
  FAIL("no node " << name);
  throw;
}

}  // namespace

TEST_CASE("run --dry-run --json is the plan, each param marked swept or not", "[cli][json]") {
  TempFolder dir("json-plan");
  write_text(dir.file("p.toml"), kSweep);
  const auto r = run_assay({"run", dir.file("p.toml"), "--dry-run", "--json"});
  REQUIRE(r.exit_code == 0);
  const auto plan = parsed_stdout(r);
  CHECK(plan.at("planned_points") == 4);
  CHECK(plan.at("points").size() == 4);
  CHECK(plan.at("swept_keys").get<std::set<std::string>>() ==
        std::set<std::string>{"data.rows", "data.cols", "check.mode"});
  const auto& rows = param(node(plan, "data"), "rows");
  CHECK(rows.at("swept") == true);
  CHECK(rows.at("values") == json({2, 4}));
  CHECK(rows.at("zipped_with") == json({"data.cols"}));
  CHECK(param(node(plan, "check"), "mode").at("values") == json({"ok", "throw"}));
  const auto& seconds = param(node(plan, "check"), "seconds");  // declared, not swept
  CHECK(seconds.at("swept") == false);
  CHECK(seconds.contains("value"));
  CHECK(node(plan, "summary").at("inputs").at("matrix") == "data.matrix");
  CHECK(node(plan, "data").at("distinct_lineages") == 2);
  CHECK(plan.at("points")[3].at("swept").at("check.mode") == "throw");
  CHECK_FALSE(std::filesystem::exists(dir.file("results")));  // nothing ran
}

TEST_CASE("run --dry-run text marks swept params with their values", "[cli][json]") {
  TempFolder dir("text-plan");
  write_text(dir.file("p.toml"), kSweep);
  const auto r = run_assay({"run", dir.file("p.toml"), "--dry-run"});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("rows = swept over 2, 4 (2 values, zipped with data.cols)"));
  CHECK_THAT(r.out, Catch::Contains("mode = swept over \"ok\", \"throw\" (2 values)"));
  CHECK_THAT(r.out, Catch::Contains("seconds = 1.0"));
}

TEST_CASE("run --json, show --json and merge --json say what the run stored", "[cli][json]") {
  TempFolder dir("json-run");
  write_text(dir.file("p.toml"), kSweep);
  const auto out = dir.file("r.h5");
  const auto run = run_assay({"run", dir.file("p.toml"), "-o", out, "-q", "--json"});
  CHECK(run.exit_code == 1);  // the "throw" points fail
  const auto counts = parsed_stdout(run);
  CHECK(counts.at("file") == out);
  CHECK(counts.at("planned") == 4);
  CHECK(counts.at("ok") == 2);
  CHECK(counts.at("failed") == 2);
  CHECK(counts.at("exit_status") == 1);

  const auto show = parsed_stdout(run_assay({"show", out, "--json"}));
  CHECK(show.at("pipeline") == "json-sweep");
  CHECK(show.at("counts") == json({{"ok", 2}, {"failed", 2}, {"timeout", 0}}));
  REQUIRE(show.at("points").size() == 4);
  std::size_t failed = 0;
  for (const auto& p : show.at("points")) {
    const bool threw = p.at("swept").at("check.mode") == "throw";
    CHECK(p.at("status") == (threw ? "failed" : "ok"));
    failed += threw;
    if (!threw) CHECK(p.at("outputs").at("summary.mean").is_number());
    CHECK_FALSE(p.at("outputs").contains("data.matrix"));  // arrays stay in the file
  }
  CHECK(failed == 2);
  CHECK(parsed_stdout(run_assay({"show", out, "--json", "--limit", "1"})).at("points").size() == 1);
  const std::string id = show.at("points")[0].at("id");
  const auto point = parsed_stdout(run_assay({"show", out, "--point", id, "--json"}));
  CHECK(point.at("id") == id);
  CHECK(point.at("log").is_array());

  const auto merged = run_assay({"merge", dir.file("m.h5"), out, "--json"});
  REQUIRE(merged.exit_code == 0);
  const auto merge = parsed_stdout(merged);
  CHECK(merge.at("parts") == json({out}));
  CHECK(merge.at("stored_points") == 4);
  CHECK(merge.at("counts").at("failed") == 2);
  CHECK_FALSE(merge.contains("points"));
}

TEST_CASE("describe --json of a method, and of a plugin file", "[cli][json]") {
  const auto faulty = parsed_stdout(run_assay({"describe", "faulty", "--json"}));
  CHECK(faulty.at("id") == "faulty");
  CHECK(param(faulty, "mode").at("choices") == json({"ok", "throw", "sleep", "abort"}));
  const auto file = parsed_stdout(run_assay({"describe", kExamplesPlugin, "--json"}));
  CHECK(file.at("plugin") == "examples");
  std::set<std::string> ids;
  for (const auto& m : file.at("methods")) ids.insert(m.at("id").get<std::string>());
  CHECK(ids == std::set<std::string>{"faulty", "matrix_summary", "uniform_matrix"});
}

TEST_CASE("verify --json gives one entry per check, each key once", "[cli][json]") {
  setenv("ASSAY_PLUGIN_PATH", (std::string(ASSAY_BUILD_DIR) + "/tests/claims_plugin").c_str(), 1);
  const auto r = run_assay({"verify", "claims_as_declared", "--json"});
  unsetenv("ASSAY_PLUGIN_PATH");
  CHECK(r.exit_code == 0);
  const auto checks = parsed_stdout(r);
  REQUIRE(checks.size() == 2);
  std::set<std::string> statuses;
  for (const auto& c : checks) {
    statuses.insert(c.at("status").get<std::string>());
    CHECK(c.at("expected").is_number());  // the value; the declaration is "declared"
    CHECK(c.at("as_declared") == true);
  }
  CHECK(statuses == std::set<std::string>{"ok", "finding"});
}

TEST_CASE("list --json is valid UTF-8 JSON when a plugin file name is not UTF-8", "[cli][json]") {
  TempFolder dir("json-utf8");
  const std::string bad_name = dir.file("caf\xe9-\xff.so");  // Latin-1 bytes, invalid UTF-8
  std::ofstream(bad_name) << "not a plugin";
  setenv("ASSAY_PLUGIN_PATH", (dir.path() + ":" + dir.file("missing-\xfe")).c_str(), 1);
  const auto r = run_assay({"list", "--json"});
  unsetenv("ASSAY_PLUGIN_PATH");
  REQUIRE(r.exit_code == 0);
  const auto list = parsed_stdout(r);  // nlohmann's parser rejects invalid UTF-8
  std::size_t refused = 0;
  for (const auto& p : list.at("plugins"))
    if (p.at("status") == "refused") {
      ++refused;
      CHECK_THAT(p.at("path").get<std::string>(), Catch::Contains("\xef\xbf\xbd"));  // U+FFFD
    }
  CHECK(refused >= 1);
  if (std::system("/usr/bin/python3 -c 'import json' 2>/dev/null") == 0) {
    std::ofstream(dir.file("list.json")) << r.out;
    const auto python =
        "/usr/bin/python3 -c 'import json, sys; json.load(open(sys.argv[1], "
        "encoding=\"utf-8\"))' " +
        dir.file("list.json");
    CHECK(std::system(python.c_str()) == 0);
  }
}
