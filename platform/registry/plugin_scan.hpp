// Loading an unknown plugin file first in a child process, as GStreamer's registry does: dlopen
// runs a file's ELF constructors, and one that throws, aborts, exits or faults would take the
// host down with it. The scanner (assay-plugin-scan, scan_main.cpp) loads the file and asks it
// for its methods; if it dies, the host refuses the file with how it died and goes on. A file
// is unknown until it has loaded in a host once (its digest is then cached, digest_cache.hpp),
// so the scan is paid once per file version and a start with every file known costs a stat each.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>

namespace assay {

// The scanner installed with this host (<prefix>/libexec/assay/assay-plugin-scan, found from
// the running program's folder, <prefix>/bin in an install and in the build tree), or empty
// when there is none: a program elsewhere that links the registry then loads unknown files in
// its own process.
std::filesystem::path installed_plugin_scanner();

// Why loading `file` in `scanner` failed (killed by a signal, an exit status other than 0, or
// still loading after `limit`), with the last line the scanner wrote to stderr; empty if the
// file loaded and listed its methods.
std::string scan_in_child(const std::filesystem::path& scanner, const std::filesystem::path& file,
                          std::chrono::milliseconds limit);

}  // namespace assay
