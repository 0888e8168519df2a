#include "store/files/result_paths.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace assay {

namespace fs = std::filesystem;

namespace {
constexpr const char* kPartSuffix = ".h5";
constexpr const char* kTempSuffix = ".tmp";

std::string part_name(std::uint64_t number) {
  char name[32];
  std::snprintf(name, sizeof name, "%06llu%s", static_cast<unsigned long long>(number),
                kPartSuffix);
  return name;
}

// "000042.h5" -> 42; anything else (temporaries, stray files) is not a committed part.
bool parse_part_name(const std::string& name, std::uint64_t& number) {
  const std::string suffix = kPartSuffix;
  if (name.size() <= suffix.size() || !name.ends_with(suffix)) return false;
  const auto digits = name.substr(0, name.size() - suffix.size());
  if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return false;
  number = std::stoull(digits);
  return true;
}
}  // namespace

fs::path parts_dir(const fs::path& file) { return fs::path(file.string() + ".parts"); }

fs::path staging_path(const fs::path& file) { return fs::path(file.string() + ".staging"); }

fs::path part_path(const fs::path& file, std::uint64_t number) {
  return parts_dir(file) / part_name(number);
}

fs::path part_temp_path(const fs::path& file, std::uint64_t number) {
  return parts_dir(file) / (part_name(number) + kTempSuffix);
}

std::vector<CommittedPart> committed_parts(const fs::path& file) {
  std::vector<CommittedPart> parts;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(parts_dir(file), error)) {
    std::uint64_t number = 0;
    if (entry.is_regular_file() && parse_part_name(entry.path().filename().string(), number))
      parts.push_back({number, entry.path()});
  }
  std::sort(parts.begin(), parts.end(),
            [](const auto& a, const auto& b) { return a.number < b.number; });
  return parts;
}

void remove_part_temporaries(const fs::path& file) {
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(parts_dir(file), error))
    if (entry.path().filename().string().ends_with(kTempSuffix)) fs::remove(entry.path(), error);
}

}  // namespace assay
