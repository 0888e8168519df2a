#include "matrix_file.hpp"

#include <hdf5.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace sl = assay::stdlib;
namespace fs = std::filesystem;

namespace {
fs::path scratch(const std::string& name) {
  return fs::temp_directory_path() / ("assay_matrix_file_" + std::to_string(::getpid()) + name);
}
}  // namespace

TEST_CASE("csv matrices load with or without a header", "[stdlib]") {
  const auto path = scratch(".csv");
  std::ofstream(path) << "x,y\n1, 2\n\n3.5,-4e-1\n";
  const auto m = sl::read_matrix(path.string(), "");
  REQUIRE(m.rows() == 2);
  REQUIRE(m.cols() == 2);
  CHECK(m(1, 0) == 3.5);
  CHECK(m(1, 1) == -0.4);
  std::ofstream(path) << "1,2\n3\n";
  CHECK_THROWS_WITH(sl::read_matrix(path.string(), ""),
                    Catch::Contains(path.string()) && Catch::Contains("line 2") &&
                        Catch::Contains("1 fields but the first row has 2"));
  std::ofstream(path) << "1,2\n3,abc\n";
  CHECK_THROWS_WITH(sl::read_matrix(path.string(), ""), Catch::Contains("line 2: a field is not"));
  fs::remove(path);
  CHECK_THROWS_WITH(sl::read_matrix(path.string(), ""), Catch::Contains("cannot open"));
}

TEST_CASE("hdf5 datasets load as row-major matrices and name missing datasets", "[stdlib]") {
  const auto path = scratch(".h5");
  const hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  const hsize_t dims[2] = {2, 3};
  const hid_t space = H5Screate_simple(2, dims, nullptr);
  const hid_t set =
      H5Dcreate2(file, "x", H5T_NATIVE_INT, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  const int values[6] = {1, 2, 3, 4, 5, 6};
  H5Dwrite(set, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, values);
  H5Dclose(set), H5Sclose(space), H5Fclose(file);
  const auto m = sl::read_matrix(path.string(), "/x");
  REQUIRE(m.rows() == 2);
  REQUIRE(m.cols() == 3);
  CHECK(m(1, 0) == 4);
  CHECK(m(0, 2) == 3);
  CHECK_THROWS_WITH(sl::read_matrix(path.string(), "/y"),
                    Catch::Contains(path.string()) && Catch::Contains("no dataset '/y'"));
  CHECK_THROWS_WITH(sl::read_matrix(path.string(), ""), Catch::Contains("needs the `dataset`"));
  fs::remove(path);
}
