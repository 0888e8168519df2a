// assay new plugin NAME [--out-of-tree DIR]: writes a plugin folder that builds, loads and
// passes its test as it is, in the one-folder layout (README, "Writing a plugin").
#include <filesystem>
#include <fstream>
#include <iostream>

#include "assay/error.hpp"
#include "cli/command_options.hpp"
#include "cli/plugin_template.hpp"

namespace assay {

namespace {

namespace fs = std::filesystem;

constexpr const char* kHelp = R"(Usage: assay new plugin NAME [--out-of-tree DIR]

Writes a new plugin whose science, glue, test, pipeline and README skeleton build and pass at
once; then replace the science with your method.

In tree (run from the root of an Assay source tree): writes plugins/NAME/, which the build
finds by itself:
  cmake -S . -B build && cmake --build build
  ctest --test-dir build -R NAME && build/bin/assay verify NAME

Out of tree (--out-of-tree DIR): writes DIR/NAME/ with its own CMake project, built against an
installed Assay (find_package(Assay)):
  cmake -S DIR/NAME -B DIR/NAME/build -DCMAKE_PREFIX_PATH=<assay prefix>
  cmake --build DIR/NAME/build && ctest --test-dir DIR/NAME/build

Examples:
  assay new plugin my_method                       # plugins/my_method/ in this source tree
  assay new plugin my_method --out-of-tree ~/src   # ~/src/my_method/, against an install)";

// The in-tree folder, refusing a current directory that is not an Assay source tree.
fs::path in_tree_folder(const std::string& name) {
  const fs::path root = fs::current_path();
  if (!fs::exists(root / "plugins" / "CMakeLists.txt") ||
      !fs::exists(root / "sdk" / "include" / "assay" / "sdk.hpp"))
    throw UsageError(root.string() +
                     " is not the root of an Assay source tree (no plugins/CMakeLists.txt and "
                     "sdk/include/assay/sdk.hpp); cd there, or pass --out-of-tree DIR");
  return root / "plugins" / name;
}

void write_files(const fs::path& folder, const std::vector<TemplateFile>& files) {
  for (const auto& file : files) {
    const fs::path path = folder / file.path;
    fs::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    out << file.text;
    if (!out.flush()) throw Error(path.string() + ": cannot write");
  }
}

}  // namespace

int new_command(const CommandLine& cmd) {
  po::options_description options("Options");
  options.add_options()("out-of-tree", po::value<std::string>(),
                        "write DIR/NAME/, a CMake project against an installed Assay");
  Operands operands;
  operands.options.add_options()("words", po::value<std::vector<std::string>>()->composing(),
                                 "plugin NAME");
  operands.positional.add("words", -1);
  po::variables_map vm;
  if (!parse_options(cmd, "new", kHelp, options, operands, vm)) return 0;
  const auto words =
      vm.count("words") ? vm["words"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (words.size() != 2 || words[0] != "plugin")
    throw UsageError("expected `assay new plugin NAME`; see --help");
  const std::string& name = words[1];
  check_plugin_name(name);
  const bool out_of_tree = vm.count("out-of-tree") > 0;
  const fs::path folder =
      out_of_tree ? fs::path(vm["out-of-tree"].as<std::string>()) / name : in_tree_folder(name);
  if (fs::exists(folder))
    throw UsageError(folder.string() + " already exists; choose another name or remove it");
  const auto files =
      plugin_template(name, out_of_tree ? TemplateLayout::out_of_tree : TemplateLayout::in_tree);
  write_files(folder, files);
  std::cout << "assay: wrote " << files.size() << " files into " << folder.string() << "\n";
  return 0;
}

}  // namespace assay
