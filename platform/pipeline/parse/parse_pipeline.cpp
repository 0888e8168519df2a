// Parsing a pipeline file into a Pipeline: the file's shape only; validate() checks it against
// the methods. Nodes are read by parse_node, the sweep by parse_sweep.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <tuple>

#include "pipeline/parse/parse_node.hpp"
#include "pipeline/parse/parse_sweep.hpp"
#include "pipeline/parse/toml_value.hpp"
#include "pipeline/pipeline.hpp"

namespace assay {

namespace {

const char* const kFileHint = "a pipeline file has [pipeline], [nodes.<name>] and [sweep]";

toml::table parse_toml(std::string_view text, const std::string& file) {
  try {
    return toml::parse(text, std::string_view(file));
  } catch (const toml::parse_error& e) {
    const auto& at = e.source().begin;
    throw SourceError({file, static_cast<int>(at.line), static_cast<int>(at.column)}, "",
                      "TOML syntax error: " + std::string(e.description()),
                      "fix the TOML syntax at this place");
  }
}

void check_top_level(const toml::table& root, const TomlOrigin& origin) {
  const std::vector<std::string> known = {"pipeline", "nodes", "sweep"};
  for (const auto& [k, v] : root) {
    const std::string key(k.str());
    if (std::find(known.begin(), known.end(), key) == known.end())
      throw SourceError(origin.pos(k.source()), key, "unknown top-level table or key",
                        did_you_mean(key, known) + kFileHint);
    if (!v.is_table())
      throw SourceError(origin.pos(v.source()), key, "expected a table", kFileHint);
  }
}

std::string read_name(const toml::table& header, const TomlOrigin& origin) {
  const auto* node = header.get("name");
  if (!node)
    throw SourceError(origin.pos(header.source()), "pipeline.name", "missing pipeline name",
                      "add name = \"...\" under [pipeline]");
  static const std::regex kNameRule("[A-Za-z0-9_.-]+");
  const auto* name = node->as_string();
  if (!name || !std::regex_match(name->get(), kNameRule))
    throw SourceError(origin.pos(node->source()), "pipeline.name",
                      "expected a name of letters, digits, _, . or -, got " + toml_node_text(*node),
                      "the name is used in result file names");
  // The default result name adds 27 characters ("-<UTC time>-<pid>.h5") and file systems take
  // 255 bytes a name.
  constexpr std::size_t kLongestName = 200;
  if (name->get().size() > kLongestName)
    throw SourceError(origin.pos(node->source()), "pipeline.name",
                      "a name of " + std::to_string(name->get().size()) + " characters, over " +
                          std::to_string(kLongestName),
                      "the name is used in result file names, which file systems limit");
  return name->get();
}

std::uint64_t read_seed(const toml::table& header, const TomlOrigin& origin) {
  const auto* node = header.get("seed");
  if (!node) return 1;
  const auto* seed = node->as_integer();
  if (!seed || seed->get() < 0)
    throw SourceError(origin.pos(node->source()), "pipeline.seed",
                      "expected a non-negative integer, got " + toml_node_text(*node),
                      "every point's and node's seed derives from this one");
  return static_cast<std::uint64_t>(seed->get());
}

void read_header(const toml::table* header, const TomlOrigin& origin, Pipeline& out) {
  if (!header)
    throw SourceError({origin.file, 1, 1}, "pipeline.name", "missing pipeline name",
                      "add a [pipeline] table with name = \"...\"");
  const std::vector<std::string> known = {"name", "seed"};
  for (const auto& [k, v] : *header) {
    const std::string key(k.str());
    if (std::find(known.begin(), known.end(), key) == known.end())
      throw SourceError(origin.pos(k.source()), "pipeline." + key, "unknown key in [pipeline]",
                        did_you_mean(key, known) + "[pipeline] holds name and seed");
  }
  out.name = read_name(*header, origin);
  out.seed = read_seed(*header, origin);
}

std::vector<NodeSpec> read_nodes(const toml::table* nodes, const TomlOrigin& origin) {
  if (!nodes || nodes->empty())
    throw SourceError(nodes ? origin.pos(nodes->source()) : SourcePos{origin.file, 1, 1}, "nodes",
                      "the pipeline has no nodes",
                      "add a [nodes.<name>] table with method = \"<id>\"");
  std::vector<NodeSpec> out;
  for (const auto& [name, node] : *nodes) out.push_back(read_node(name, node, origin));
  // toml++ tables are sorted by key; keep the file's order.
  std::stable_sort(out.begin(), out.end(), [](const NodeSpec& a, const NodeSpec& b) {
    return std::tie(a.pos.line, a.pos.col) < std::tie(b.pos.line, b.pos.col);
  });
  return out;
}

}  // namespace

Pipeline parse_pipeline_text(std::string_view text, const std::string& file) {
  const TomlOrigin origin{file};
  const auto root = parse_toml(text, file);
  check_top_level(root, origin);
  Pipeline out;
  out.file = file;
  out.source_text = std::string(text);
  read_header(root["pipeline"].as_table(), origin, out);
  out.nodes = read_nodes(root["nodes"].as_table(), origin);
  if (const auto* sweep = root["sweep"].as_table()) {
    auto section = parse_sweep(*sweep, origin);
    out.axes = std::move(section.axes);
    out.replicates = section.replicates;
  }
  return out;
}

Pipeline parse_pipeline_file(const std::string& path) {
  const auto unreadable = [&](const std::string& why) {
    return SourceError({path, 0, 0}, "", "cannot read the pipeline file (" + why + ")",
                       "check the path");
  };
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw unreadable("it is a directory");
  // A device or FIFO (/dev/zero) would be read forever; a pipeline file is small text.
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
    throw unreadable("not a regular file");
  constexpr std::uintmax_t kMaxPipelineBytes = 16u << 20;
  if (const auto size = std::filesystem::file_size(path, ec); !ec && size > kMaxPipelineBytes)
    throw unreadable(std::to_string(size) + " bytes; a pipeline file is at most 16 MiB");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw unreadable(std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw unreadable(std::strerror(errno));
  return parse_pipeline_text(text.str(), path);
}

}  // namespace assay
