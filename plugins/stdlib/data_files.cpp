#include "data_files.hpp"

#include <fstream>
#include <iterator>

namespace assay::stdlib {

void throw_missing(std::string_view what, const std::filesystem::path& path,
                   std::string_view package) {
  const std::string p(package);
  if (p.empty())
    throw MissingData(std::string(what) + ": " + path.string() + " is missing; check the path");
  throw MissingData(std::string(what) + ": " + path.string() +
                    " is missing; install the Debian package " + p + " (apt-get install " + p +
                    ")");
}

std::string read_package_file(std::string_view what, const std::filesystem::path& path,
                              std::string_view package) {
  if (!std::filesystem::is_regular_file(path)) throw_missing(what, path, package);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path.string() + ": cannot be read; check its permissions");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace assay::stdlib
