// The files of one result on disk: <file> (consolidated), its committed parts
// <file>.parts/NNNNNN.h5 (each written first as NNNNNN.h5.tmp, which readers ignore), and
// <file>.staging, the consolidated file being built (ignored by readers, removed by writers).
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace assay {

std::filesystem::path parts_dir(const std::filesystem::path& file);
std::filesystem::path staging_path(const std::filesystem::path& file);
std::filesystem::path part_path(const std::filesystem::path& file, std::uint64_t number);
std::filesystem::path part_temp_path(const std::filesystem::path& file, std::uint64_t number);

struct CommittedPart {
  std::uint64_t number = 0;
  std::filesystem::path path;
};

// The committed parts of `file`, in commit order; none when there is no parts folder.
std::vector<CommittedPart> committed_parts(const std::filesystem::path& file);
// Removes the half-written part files a killed writer left behind.
void remove_part_temporaries(const std::filesystem::path& file);

}  // namespace assay
