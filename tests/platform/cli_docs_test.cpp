// What the README and the bash completion say about the command line, checked against the
// program itself: the README's CLI table lists every command and every flag each command's
// --help lists (and no other), every --help has examples using only its own flags, and the
// completion script completes the same commands and flags; the man page holds every --help.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "support/assay_process.hpp"
#include "support/skip.hpp"

using namespace assay::testing;

namespace {

using Flags = std::set<std::string>;

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The flags in a line's syntax part: what comes before the first gap of two spaces, which
// starts the description ("-o, --out FILE.h5   result file").
Flags syntax_flags(const std::string& line) {
  const auto start = line.find_first_not_of(' ');
  if (start == std::string::npos) return {};
  const auto syntax = line.substr(start, line.find("  ", start) - start);
  Flags flags;
  static const std::regex flag(R"((?:^|[\s\[|,(])(--?[A-Za-z][\w-]*))");
  for (std::sregex_iterator it(syntax.begin(), syntax.end(), flag), end; it != end; ++it)
    flags.insert((*it)[1]);
  return flags;
}

// The README's CLI table: the first code block of "## The command line". A line "assay X ..."
// starts command X ("" for the host's own flags, "assay --version"); indented lines go on
// with it.
std::map<std::string, Flags> readme_table(const std::string& readme) {
  const auto section = readme.find("\n## The command line\n");
  REQUIRE(section != std::string::npos);
  const auto open = readme.find("```\n", section);
  const auto close = readme.find("\n```", open + 4);
  REQUIRE(close != std::string::npos);
  std::istringstream lines(readme.substr(open + 4, close - open - 4));
  std::map<std::string, Flags> table;
  std::string command;
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("assay ")) {
      const auto word = line.substr(6, line.find(' ', 6) - 6);
      command = word.starts_with("-") ? "" : word;
    }
    const auto flags = syntax_flags(line.starts_with("assay ") ? line.substr(6) : line);
    table[command].insert(flags.begin(), flags.end());
  }
  return table;
}

// The option lines of a --help ("  -o [ --out ] arg   result file"), as Program_options or the
// host's own usage print them.
Flags help_flags(const std::string& help) {
  std::istringstream lines(help);
  Flags flags;
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with("  -")) {
      const auto found = syntax_flags(line);
      flags.insert(found.begin(), found.end());
    }
  return flags;
}

// The commands `assay --help` lists under "Commands:".
std::set<std::string> help_commands(const std::string& help) {
  const auto start = help.find("Commands:\n");
  REQUIRE(start != std::string::npos);
  std::istringstream lines(help.substr(start + 10, help.find("\n\n", start) - start - 10));
  std::set<std::string> commands;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string word;
    words >> word;
    commands.insert(word);
  }
  return commands;
}

std::string help_of(const std::string& command) {
  const auto r = command.empty() ? run_assay({"--help"}) : run_assay({command, "--help"});
  INFO("assay " << command << " --help: " << r.err);
  REQUIRE(r.exit_code == 0);
  return r.out;
}

// The lines after "Examples:" up to a blank line.
std::vector<std::string> examples(const std::string& help) {
  const auto start = help.find("\nExamples:\n");
  if (start == std::string::npos) return {};
  std::istringstream lines(help.substr(start + 11));
  std::vector<std::string> found;
  for (std::string line; std::getline(lines, line) && !line.empty();) found.push_back(line);
  return found;
}

// An example's command and its flags: from "assay" (after any environment or launcher) to a
// comment or a pipe into another program.
std::pair<std::string, Flags> example_flags(const std::string& example) {
  const auto cut = example.substr(0, std::min(example.find(" #"), example.find(" |")));
  const auto at = cut.find("assay ");
  if (at == std::string::npos) return {"", {}};
  std::istringstream words(cut.substr(at + 6));
  std::string command, word;
  words >> command;
  Flags flags;
  while (words >> word)
    if (word.starts_with("-")) flags.insert(word.substr(0, word.find('=')));
  return {command, flags};
}

Flags without_help(Flags flags) {
  flags.erase("-h");
  flags.erase("--help");
  return flags;
}

// What the completion script offers for `assay WORDS...`, the last word being completed.
std::set<std::string> completions(const std::vector<std::string>& words) {
  TempFolder dir("completion");
  std::string array = "'" + std::string(ASSAY_BUILD_DIR) + "/bin/assay'";
  for (const auto& w : words) array += " '" + w + "'";
  write_text(dir.file("complete.sh"), "source '" ASSAY_SOURCE_DIR
                                      "/platform/cli/assay-completion.bash'\nCOMP_WORDS=(" +
                                          array + ")\nCOMP_CWORD=" + std::to_string(words.size()) +
                                          "\n_assay\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n");
  REQUIRE(std::system(("bash " + dir.file("complete.sh") + " > " + dir.file("out")).c_str()) == 0);
  std::istringstream lines(read_file(dir.file("out")));
  std::set<std::string> offered;
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) offered.insert(line);
  return offered;
}

// Every difference between the README's table and the program, e.g. "show: --limit not in the
// README"; -h/--help, which every command has, aside.
std::vector<std::string> drift(const std::map<std::string, Flags>& table) {
  std::vector<std::string> differences;
  const auto host_help = help_of("");
  const auto commands = help_commands(host_help);
  for (const auto& [command, flags] : table)
    if (!command.empty() && !commands.count(command))
      differences.push_back(command + ": not a command of assay --help");
  for (const auto& command : commands) {
    if (!table.count(command)) {
      differences.push_back(command + ": not in the README");
      continue;
    }
    const auto documented = without_help(table.at(command));
    const auto program = without_help(help_flags(help_of(command)));
    for (const auto& flag : program)
      if (!documented.count(flag))
        differences.push_back(command + ": " + flag + " not in the README");
    for (const auto& flag : documented)
      if (!program.count(flag))
        differences.push_back(command + ": " + flag + " not in assay " + command + " --help");
  }
  const auto host = table.count("") ? table.at("") : Flags{};
  if (host != help_flags(host_help)) differences.push_back("assay's own flags differ");
  return differences;
}

}  // namespace

TEST_CASE("the README's CLI table lists every command and flag the program has", "[cli][docs]") {
  const auto differences = drift(readme_table(read_file(ASSAY_SOURCE_DIR "/README.md")));
  CHECK(differences.empty());
  for (const auto& d : differences) WARN(d);
  for (const auto& flag : help_flags(help_of(""))) CHECK(run_assay({flag}).exit_code == 0);
}

TEST_CASE("the README table check finds a dropped flag, an extra one and a missing command",
          "[cli][docs]") {
  auto readme = read_file(ASSAY_SOURCE_DIR "/README.md");
  const auto replace = [&](const std::string& from, const std::string& to) {
    const auto at = readme.find(from);
    REQUIRE(at != std::string::npos);
    readme.replace(at, from.size(), to);
  };
  replace("    --limit N", "    --limits N");   // renamed: one flag dropped, one the program lacks
  replace("\nassay merge ", "\nassay_merge ");  // no longer a line of the table
  const auto differences = drift(readme_table(readme));
  CHECK(differences == std::vector<std::string>{"merge: not in the README",
                                                "show: --limit not in the README",
                                                "show: --limits not in assay show --help"});
}

TEST_CASE("every command's --help has examples that use only its own flags", "[cli][docs]") {
  for (const auto& command : help_commands(help_of(""))) {
    const auto help = help_of(command);
    const auto flags = help_flags(help);
    const auto lines = examples(help);
    INFO("assay " << command << " --help");
    CHECK_FALSE(lines.empty());
    std::size_t of_this_command = 0;
    for (const auto& line : lines) {
      const auto [example_command, used] = example_flags(line);
      if (example_command != command) continue;
      ++of_this_command;
      for (const auto& flag : used) {
        INFO(line);
        CHECK(flags.count(flag) == 1);
      }
    }
    CHECK(of_this_command > 0);
  }
}

TEST_CASE("bash completion offers each command and exactly its flags", "[cli][docs]") {
  TempFolder dir("complete-p");
  write_text(dir.file("p.sh"), "source '" ASSAY_SOURCE_DIR
                               "/platform/cli/assay-completion.bash'\ncomplete -p assay\n");
  const auto registered = dir.file("registered");
  REQUIRE(std::system(("bash " + dir.file("p.sh") + " > " + registered).c_str()) == 0);
  CHECK_THAT(read_file(registered), Catch::Contains("-F _assay assay"));
  const auto commands = help_commands(help_of(""));
  auto offered = completions({""});
  for (const auto& command : commands) CHECK(offered.erase(command) == 1);
  CHECK(offered == std::set<std::string>{"--help", "--version"});
  for (const auto& command : commands) {
    INFO("assay " << command << " -<TAB>");
    CHECK(completions({command, "-"}) == help_flags(help_of(command)));
  }
}

TEST_CASE("bash completion offers pipeline and result files, and method ids", "[cli][docs]") {
  TempFolder dir("complete-files");
  for (const char* name : {"a.toml", "b.h5", "c.txt"}) write_text(dir.file(name), "");
  const auto prefix = dir.path() + "/";
  CHECK(completions({"run", prefix}) == std::set<std::string>{prefix + "a.toml"});
  CHECK(completions({"show", prefix}) == std::set<std::string>{prefix + "b.h5"});
  CHECK(completions({"run", "--progress", "p"}) == std::set<std::string>{"plain"});
  CHECK(completions({"describe", "uniform_ma"}) == std::set<std::string>{"uniform_matrix"});
  CHECK(completions({"verify", "examp"}) == std::set<std::string>{"examples"});
}

TEST_CASE("the man page holds every command's --help", "[cli][docs]") {
  const std::string page = ASSAY_BUILD_DIR "/share/man/man1/assay.1";
  if (!std::filesystem::exists(page)) ASSAY_SKIP("no man page: built without help2man");
  const auto text = read_file(page);
  CHECK_THAT(text, Catch::Contains(".TH ASSAY \"1\""));
  for (const auto& command : help_commands(help_of(""))) {
    INFO("assay " << command);
    CHECK_THAT(
        text, Catch::Contains(".SS assay " + command + "\n.nf\n" + help_of(command).substr(0, 40)));
  }
}
