#include "text_sources.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <iterator>
#include <stdexcept>

#include "data_files.hpp"
#include "utf8.hpp"

namespace assay::stdlib {
namespace fs = std::filesystem;

namespace {

constexpr std::array<std::string_view, 3> fortunes_min_files = {"fortunes", "literature",
                                                                "riddles"};
// The fortune files of Debian 12's `fortunes` 1:1.99.1-7.3 (it depends on fortunes-min).
constexpr std::array<std::string_view, 40> fortunes_files = {
    "art",          "ascii-art", "computers",   "cookie",    "debian",        "definitions",
    "disclaimer",   "drugs",     "education",   "ethnic",    "food",          "goedel",
    "humorists",    "kids",      "knghtbrd",    "law",       "linux",         "linuxcookie",
    "love",         "magic",     "medicine",    "men-women", "miscellaneous", "news",
    "paradoxum",    "people",    "perl",        "pets",      "platitudes",    "politics",
    "pratchett",    "science",   "songs-poems", "sports",    "startrek",      "tao",
    "translate-me", "wisdom",    "work",        "zippy"};
// One file of each package the Python standard library comes in.
constexpr std::array<std::string_view, 2> python_markers = {"os.py", "json/decoder.py"};

SourceFile read_checked(TextSource source, const fs::path& path, std::string name) {
  auto bytes = read_package_file(text_source_name(source), path, text_source_package(source));
  if (const auto bad = first_invalid_utf8(bytes); bad != std::string::npos)
    throw std::runtime_error(path.string() + ": byte " + std::to_string(bad) +
                             " is not valid UTF-8; convert the file to UTF-8 (iconv)");
  return {std::move(name), std::move(bytes)};
}

template <class Names>
std::vector<SourceFile> read_named(TextSource source, const fs::path& root, const Names& names) {
  std::vector<SourceFile> files;
  for (auto name : names) {
    files.push_back(read_checked(source, root / name, std::string(name)));
  }
  return files;
}

std::vector<SourceFile> read_fortunes(const fs::path& root) {
  auto files = read_named(TextSource::fortunes, root, fortunes_files);
  auto min = read_named(TextSource::fortunes, root, fortunes_min_files);
  files.insert(files.end(), std::make_move_iterator(min.begin()),
               std::make_move_iterator(min.end()));
  std::sort(files.begin(), files.end(),
            [](const SourceFile& a, const SourceFile& b) { return a.name < b.name; });
  return files;
}

// Relative paths of every regular file under root that `keep` accepts, sorted.
template <class Keep>
std::vector<std::string> files_under(const fs::path& root, Keep keep) {
  std::vector<std::string> names;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    auto name = fs::relative(entry.path(), root).generic_string();
    if (keep(name)) names.push_back(std::move(name));
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<SourceFile> read_python_stdlib(const fs::path& root) {
  for (auto marker : python_markers)
    if (!fs::is_regular_file(root / marker))
      throw_missing(text_source_name(TextSource::python_stdlib), root / marker,
                    text_source_package(TextSource::python_stdlib));
  const auto names = files_under(root, [](const std::string& name) {
    const auto top = name.substr(0, name.find('/'));
    return name.ends_with(".py") && top != "test" && top != "site-packages" &&
           top != "dist-packages";
  });
  std::vector<SourceFile> files;
  for (const auto& name : names)
    files.push_back(read_checked(TextSource::python_stdlib, root / name, name));
  return files;
}

std::vector<SourceFile> read_user_files(const fs::path& root) {
  if (root.empty()) throw std::runtime_error("path: source files needs a file or folder path");
  if (fs::is_regular_file(root))
    return {read_checked(TextSource::files, root, root.filename().string())};
  if (!fs::is_directory(root))
    throw std::runtime_error(root.string() + ": no such file or folder; give an existing path");
  std::vector<SourceFile> files;
  for (const auto& name : files_under(root, [](const std::string&) { return true; }))
    files.push_back(read_checked(TextSource::files, root / name, name));
  return files;
}

}  // namespace

namespace {

struct SourceFacts {
  TextSource source;
  std::string_view name, root, package;
};

constexpr std::array<SourceFacts, 5> source_facts = {{
    {TextSource::fortunes, "fortunes", "/usr/share/games/fortunes", "fortunes"},
    {TextSource::fortunes_min, "fortunes-min", "/usr/share/games/fortunes", "fortunes-min"},
    {TextSource::python_stdlib, "python-stdlib", "/usr/lib/python3.11", "libpython3.11-stdlib"},
    {TextSource::words, "words", "/usr/share/dict/american-english", "wamerican"},
    {TextSource::files, "files", "", ""},
}};

const SourceFacts& facts(TextSource source) {
  return source_facts.at(static_cast<std::size_t>(source));
}

}  // namespace

TextSource text_source_named(std::string_view name) {
  for (const auto& f : source_facts)
    if (f.name == name) return f.source;
  throw std::invalid_argument("source: unknown text source " + std::string(name) +
                              "; use fortunes, fortunes-min, python-stdlib, words or files");
}

std::string_view text_source_name(TextSource source) { return facts(source).name; }

std::string default_text_root(TextSource source) { return std::string(facts(source).root); }

std::string_view text_source_package(TextSource source) { return facts(source).package; }

std::vector<SourceFile> read_text_source(TextSource source, const std::string& root) {
  switch (source) {
    case TextSource::fortunes:
      return read_fortunes(root);
    case TextSource::fortunes_min:
      return read_named(source, root, fortunes_min_files);
    case TextSource::python_stdlib:
      return read_python_stdlib(root);
    case TextSource::words:
      return {read_checked(source, root, fs::path(root).filename().string())};
    case TextSource::files:
      return read_user_files(root);
  }
  return {};
}

}  // namespace assay::stdlib
