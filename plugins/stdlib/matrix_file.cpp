#include "matrix_file.hpp"

#include <cctype>
#include <charconv>
#include <fstream>
#include <stdexcept>
#include <vector>

namespace assay::stdlib {
namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw std::runtime_error(path + ": " + what);
}

// Parses a comma-separated line; false if some field is not a number.
bool parse_row(const std::string& line, std::vector<double>& out) {
  out.clear();
  std::size_t start = 0;
  while (start <= line.size()) {
    auto end = line.find(',', start);
    if (end == std::string::npos) end = line.size();
    std::size_t a = start, b = end;
    while (a < b && std::isspace(static_cast<unsigned char>(line[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(line[b - 1]))) --b;
    double v = 0;
    const auto r = std::from_chars(line.data() + a, line.data() + b, v);
    if (a == b || r.ec != std::errc() || r.ptr != line.data() + b) return false;
    out.push_back(v);
    start = end + 1;
  }
  return true;
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

Eigen::MatrixXd read_csv_matrix(const std::string& path) {
  std::ifstream in(path);
  if (!in) fail(path, "cannot open the file; check the path");
  std::vector<std::vector<double>> rows;
  std::vector<double> row;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (!parse_row(line, row)) {
      if (rows.empty() && number == 1) continue;  // header
      fail(path, "line " + std::to_string(number) + ": a field is not a number");
    }
    if (!rows.empty() && row.size() != rows.front().size())
      fail(path, "line " + std::to_string(number) + ": " + std::to_string(row.size()) +
                     " fields but the first row has " + std::to_string(rows.front().size()));
    rows.push_back(row);
  }
  if (rows.empty()) fail(path, "no numeric rows");
  Eigen::MatrixXd m(static_cast<Eigen::Index>(rows.size()),
                    static_cast<Eigen::Index>(rows[0].size()));
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < rows[i].size(); ++j)
      m(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = rows[i][j];
  return m;
}

bool is_hdf5_path(const std::string& path) {
  return ends_with(path, ".h5") || ends_with(path, ".hdf5");
}

}  // namespace assay::stdlib
