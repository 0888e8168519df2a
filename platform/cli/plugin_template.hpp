// The files of a new plugin as `assay new plugin NAME` writes them: a science header and source
// (plain C++, no SDK), the plugin.cpp glue with one method and one claim, a Catch2 test of the
// science, a pipeline and a README skeleton with the sections a method README needs. In tree
// they follow the one-folder layout (plugins/NAME/...); out of tree they add a top-level
// CMakeLists.txt that builds against an installed Assay and tests with `assay verify`.
#pragma once

#include <string>
#include <vector>

namespace assay {

struct TemplateFile {
  std::string path;  // relative to the plugin folder
  std::string text;
};

enum class TemplateLayout { in_tree, out_of_tree };

// Throws UsageError unless NAME is a lower-case C identifier (it names a CMake target, a C++
// namespace and a method id prefix).
void check_plugin_name(const std::string& name);

std::vector<TemplateFile> plugin_template(const std::string& name, TemplateLayout layout);

}  // namespace assay
