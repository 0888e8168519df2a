#include "matrix_file.hpp"

#include <hdf5.h>

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

Eigen::MatrixXd read_hdf5_matrix(const std::string& path, const std::string& dataset) {
  if (dataset.empty()) fail(path, "an HDF5 file needs the `dataset` parameter (e.g. \"/x\")");
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0) fail(path, "cannot open as HDF5; check the path and that it is an HDF5 file");
  H5E_auto2_t handler = nullptr;
  void* client = nullptr;
  H5Eget_auto2(H5E_DEFAULT, &handler, &client);
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  const hid_t set = H5Lexists(file, dataset.c_str(), H5P_DEFAULT) > 0
                        ? H5Dopen2(file, dataset.c_str(), H5P_DEFAULT)
                        : -1;
  H5Eset_auto2(H5E_DEFAULT, handler, client);
  if (set < 0) {
    H5Fclose(file);
    fail(path, "no dataset '" + dataset + "'; list the file's datasets with h5ls");
  }
  const hid_t space = H5Dget_space(set);
  const int rank = H5Sget_simple_extent_ndims(space);
  hsize_t dims[2] = {0, 1};
  const hid_t type = H5Dget_type(set);
  const bool numeric = H5Tget_class(type) == H5T_FLOAT || H5Tget_class(type) == H5T_INTEGER;
  H5Tclose(type);
  if (rank < 1 || rank > 2 || !numeric) {
    H5Sclose(space), H5Dclose(set), H5Fclose(file);
    fail(path, "dataset '" + dataset + "' is not a 1-d or 2-d numeric array");
  }
  H5Sget_simple_extent_dims(space, dims, nullptr);
  std::vector<double> buffer(dims[0] * (rank == 2 ? dims[1] : 1));
  const herr_t status =
      H5Dread(set, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, buffer.data());
  H5Sclose(space), H5Dclose(set), H5Fclose(file);
  if (status < 0) fail(path, "dataset '" + dataset + "' could not be read as double");
  const auto rows = static_cast<Eigen::Index>(dims[0]);
  const auto cols = static_cast<Eigen::Index>(rank == 2 ? dims[1] : 1);
  return Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
      buffer.data(), rows, cols);
}

Eigen::MatrixXd read_matrix(const std::string& path, const std::string& dataset) {
  if (ends_with(path, ".h5") || ends_with(path, ".hdf5")) return read_hdf5_matrix(path, dataset);
  return read_csv_matrix(path);
}

}  // namespace assay::stdlib
