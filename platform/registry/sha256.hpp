// SHA-256 of a file, for plugin provenance (which exact binary produced a result).
#pragma once

#include <filesystem>
#include <string>

namespace assay {

// Lower-case hex digest; throws std::runtime_error when the file cannot be read.
std::string sha256_file(const std::filesystem::path& path);

}  // namespace assay
