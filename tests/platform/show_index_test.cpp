// `assay show` of a finished result through the real CLI: it reads /index and opens only the
// points it prints, and says the same as reading every point (what it does for a file whose
// /index predates the counts a page needs).
#include <hdf5.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "store/hdf5/hdf5_handle.hpp"
#include "store/hdf5/hdf5_lock.hpp"
#include "support/assay_process.hpp"

using namespace assay::testing;
using nlohmann::json;

namespace {

constexpr int kLows = 1500;  // x 2 modes: 3000 points, half of them failing on purpose

std::string sweep_toml() {
  std::string lows;
  for (int i = 0; i < kLows; ++i) lows += (i ? ", " : "") + std::to_string(-i * 0.001);
  return R"([pipeline]
name = "show-index"
[nodes]
data = { method = "uniform_matrix" }
summary = { method = "matrix_summary", inputs = { matrix = "data.matrix" } }
check = { method = "faulty", inputs = { after = "summary.mean" } }
[sweep]
"data.low" = [)" +
         lows + R"(]
"check.mode" = ["ok", "throw"]
)";
}

// Opens `file` for writing, to make it what an older or damaged file looks like.
assay::H5File open_for_writing(const std::string& file) {
  return assay::H5File(H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), "open " + file);
}

// What a file written before /index carried its point counts looks like.
void drop_index_counts(const std::string& file) {
  const auto lock = assay::lock_hdf5();
  const auto h5 = open_for_writing(file);
  const assay::H5Dataset index(H5Dopen2(h5.get(), "index", H5P_DEFAULT), "open /index");
  for (const char* name : {"logged_points", "points_taking_nodes"})
    assay::h5_check(H5Adelete(index.get(), name), std::string("delete ") + name);
}

// /index replaced by an integer: no columns to read.
void damage_index(const std::string& file) {
  const auto lock = assay::lock_hdf5();
  const auto h5 = open_for_writing(file);
  assay::h5_check(H5Ldelete(h5.get(), "index", H5P_DEFAULT), "delete /index");
  const assay::H5Space scalar(H5Screate(H5S_SCALAR), "scalar space");
  const assay::H5Dataset junk(H5Dcreate2(h5.get(), "index", H5T_NATIVE_INT, scalar.get(),
                                         H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                              "create junk /index");
}

ProcessResult show(const std::string& file, std::vector<std::string> args = {}) {
  args.insert(args.begin(), {"show", file});
  auto shown = run_assay(args);
  INFO(shown.err);
  CHECK(shown.exit_code == 0);
  return shown;
}

std::vector<std::string> page_ids(const std::string& file, std::size_t offset, std::size_t limit) {
  const auto document = json::parse(
      show(file, {"--json", "--offset", std::to_string(offset), "--limit", std::to_string(limit)})
          .out);
  std::vector<std::string> ids;
  for (const auto& point : document.at("points")) ids.push_back(point.at("id"));
  return ids;
}

// A finished 3000-point result, and a copy read whole, made once for the cases below.
struct ShownResults {
  TempFolder dir{"show_index"};
  std::string indexed = dir.file("r.h5");
  std::string whole = dir.file("whole.h5");

  ShownResults() {
    write_text(dir.file("p.toml"), sweep_toml());
    const auto run = run_assay({"run", dir.file("p.toml"), "-o", indexed, "-q"});
    INFO(run.err);
    REQUIRE(run.exit_code == 1);  // the "throw" points fail
    std::filesystem::copy_file(indexed, whole);
    drop_index_counts(whole);
  }
};

}  // namespace

TEST_CASE("show: the counts of a finished result come from /index's status column", "[cli][show]") {
  ShownResults r;
  const auto shown = show(r.indexed);
  CHECK_THAT(shown.out, Catch::Contains("3000 of 3000 points stored: 1500 ok, 1500 failed, 0 "
                                        "timeout\n") &&
                            Catch::Contains("... 2950 more points (--limit N shows more)\n"));
  const auto document = json::parse(show(r.indexed, {"--json", "--limit", "0"}).out);
  CHECK(document.at("stored_points") == 3000);
  CHECK(document.at("counts") == json({{"ok", 1500}, {"failed", 1500}, {"timeout", 0}}));
}

TEST_CASE("show: read through /index, a page says what reading every point says", "[cli][show]") {
  ShownResults r;
  const std::vector<std::vector<std::string>> pages = {
      {},
      {"--offset", "1234", "--limit", "40"},
      {"--offset", "2990"},
      {"--offset", "5000"},
      {"--json", "--offset", "1234", "--limit", "40"},
      {"--json", "--limit", "3"}};
  for (const auto& args : pages) {
    INFO("show " << Catch::Detail::stringify(args));
    if (args.empty() || args[0] != "--json") {
      CHECK(show(r.indexed, args).out == show(r.whole, args).out);
      continue;
    }
    // The documents differ only in the file they name.
    auto indexed = json::parse(show(r.indexed, args).out);
    auto whole = json::parse(show(r.whole, args).out);
    CHECK(indexed.at("file") == r.indexed);
    indexed.erase("file"), whole.erase("file");
    CHECK(indexed == whole);
  }
  const auto id = page_ids(r.whole, 2345, 1).at(0);
  CHECK(show(r.indexed, {"--point", id}).out == show(r.whole, {"--point", id}).out);
  CHECK(show(r.indexed, {"--point", id, "--json"}).out ==
        show(r.whole, {"--point", id, "--json"}).out);
}

TEST_CASE("show: pages of a finished result cover every point once, in sweep order",
          "[cli][show]") {
  ShownResults r;
  std::vector<std::string> paged;
  for (std::size_t offset = 0; offset < 3000; offset += 1000) {
    const auto ids = page_ids(r.indexed, offset, 1000);
    CHECK(ids.size() == 1000);
    paged.insert(paged.end(), ids.begin(), ids.end());
  }
  CHECK(std::set<std::string>(paged.begin(), paged.end()).size() == 3000);
  CHECK(paged == page_ids(r.whole, 0, 3000));
}

TEST_CASE("show: a damaged /index is reported naming the file, exit 2", "[cli][show]") {
  TempFolder dir("show_damaged_index");
  write_text(dir.file("p.toml"), sweep_toml());
  const auto out = dir.file("r.h5");
  REQUIRE(
      run_assay({"run", dir.file("p.toml"), "-o", out, "-q", "--set", "sweep.data.low=[0.0, 0.5]"})
          .exit_code == 1);
  const auto id = page_ids(out, 0, 1).at(0);
  damage_index(out);
  for (const auto& args : {std::vector<std::string>{"show", out},
                           std::vector<std::string>{"show", out, "--json", "--limit", "1"}}) {
    const auto shown = run_assay(args);
    CHECK(shown.exit_code == 2);
    CHECK_THAT(shown.err, Catch::Contains(out) && Catch::Contains("/index"));
  }
  // --point opens the one point, not /index.
  CHECK_THAT(show(out, {"--point", id}).out, Catch::StartsWith("point " + id + ": ok"));
  const auto unknown = run_assay({"show", out, "--point", "0000000000000000"});
  CHECK(unknown.exit_code == 2);
  CHECK_THAT(unknown.err, Catch::Contains("no such point"));
}

TEST_CASE("show: /index counts the points whose nodes logged, as reading every point does",
          "[cli][show]") {
  // The chatty plugin (tests/platform/chatty_plugin) logs `lines` messages.
  const std::string plugins = std::string(ASSAY_BUILD_DIR) + "/tests/chatty_plugin";
  setenv("ASSAY_PLUGIN_PATH", plugins.c_str(), 1);
  TempFolder dir("show_logged");
  write_text(dir.file("talk.toml"),
             "[pipeline]\nname = \"talk\"\n[nodes]\ntalk = { method = \"chatty\" }\n"
             "[sweep]\n\"talk.lines\" = [0, 2, 3, 1]\n");
  const auto out = dir.file("out.h5"), whole = dir.file("whole.h5");
  const auto run = run_assay({"run", dir.file("talk.toml"), "-o", out, "-q"});
  unsetenv("ASSAY_PLUGIN_PATH");
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  std::filesystem::copy_file(out, whole);
  drop_index_counts(whole);
  const auto shown = show(out);
  CHECK_THAT(shown.out, Catch::Contains("points whose nodes logged messages: 3 ("));
  CHECK(shown.out == show(whole).out);
}
