// Reading the files that Debian data packages ship, with an error that names the package to
// install when one is missing.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace assay::stdlib {

// A data file of a Debian package is absent.
struct MissingData : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws MissingData: "<what>: <path> is missing; install the Debian package <package>
// (apt-get install <package>)", or "<what>: <path> is missing; check the path" when no package
// ships the file.
[[noreturn]] void throw_missing(std::string_view what, const std::filesystem::path& path,
                                std::string_view package);

// Every byte of a file; throws MissingData when it is not a regular file and
// std::runtime_error when it cannot be read.
std::string read_package_file(std::string_view what, const std::filesystem::path& path,
                              std::string_view package);

}  // namespace assay::stdlib
