// Where the text corpora live on a Debian 12 system, which package ships each, and reading
// exactly their files.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace assay::stdlib {

enum class TextSource {
  fortunes,       // every fortune file of `fortunes` and `fortunes-min` (43 files)
  fortunes_min,   // the three files of `fortunes-min`: fortunes, literature, riddles
  python_stdlib,  // every .py file of the Python 3.11 standard library outside test/
  words,          // /usr/share/dict/american-english (`wamerican`), one word a line
  files,          // a user's file, or every regular file under a user's folder
};

// "fortunes", "fortunes-min", "python-stdlib", "words", "files".
TextSource text_source_named(std::string_view name);
std::string_view text_source_name(TextSource source);

// The folder (or, for `words`, the file) a source reads when no path is given; empty for
// `files`, which always needs a path.
std::string default_text_root(TextSource source);

// The Debian package(s) to install when a source's files are missing.
std::string_view text_source_package(TextSource source);

// One file as read: its path relative to the root (its name, for a single file) and bytes.
struct SourceFile {
  std::string name;
  std::string bytes;
};

// Reads every file of `source` under `root` (a folder laid out as the package lays it, or
// the file itself for `words` and a single-file `files`), in a fixed order (sorted by
// relative path). Throws MissingData (data_files.hpp) naming the package when a file of the
// source is absent, and std::runtime_error for unreadable or non-UTF-8 files.
std::vector<SourceFile> read_text_source(TextSource source, const std::string& root);

}  // namespace assay::stdlib
