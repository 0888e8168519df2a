// Making a file's content and name survive a crash: fsync the data, rename it over its final
// name (atomic on POSIX: readers see the old file or the new one, never a mix), then fsync the
// directory so the rename itself is on disk.
#pragma once

#include <filesystem>

namespace assay {

void fsync_file(const std::filesystem::path& file);
// Asks the kernel to start writing the file's dirty pages now, without waiting (Linux; a no-op
// elsewhere), so a later fsync finds most of them on disk already.
void start_writeback(const std::filesystem::path& file);
void fsync_directory(const std::filesystem::path& directory);
// fsync `written`, rename it to `target`, fsync the directory. Throws assay::Error naming the file.
void publish_file(const std::filesystem::path& written, const std::filesystem::path& target);

}  // namespace assay
