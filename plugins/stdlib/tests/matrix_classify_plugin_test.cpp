#include <hdf5.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

TEST_CASE("load_matrix reads a csv file and reports its shape", "[stdlib]") {
  const auto path = std::filesystem::temp_directory_path() /
                    ("assay_load_matrix_" + std::to_string(::getpid()) + ".csv");
  std::ofstream(path) << "a,b,c\n1,2,3\n4,5,6\n";
  const auto out = at::run_method("load_matrix", {{"path", path.string()}});
  CHECK(out.at("rows").as_int() == 2);
  CHECK(out.at("cols").as_int() == 3);
  CHECK(out.at("matrix").as_real_array().data == std::vector<double>{1, 2, 3, 4, 5, 6});
  std::filesystem::remove(path);
  CHECK_THROWS_WITH(at::run_method("load_matrix", {{"path", path.string()}}),
                    Catch::Contains("load_matrix: " + path.string()));
}

// Through the host's HDF5 reader (Context::read_hdf5_dataset), under the store's lock.
TEST_CASE("load_matrix reads an HDF5 dataset row-major and names what is wrong", "[stdlib]") {
  const auto path = std::filesystem::temp_directory_path() /
                    ("assay_load_matrix_" + std::to_string(::getpid()) + ".h5");
  const hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  const hsize_t dims[3] = {2, 3, 2};
  for (const int rank : {2, 3}) {
    const hid_t space = H5Screate_simple(rank, dims, nullptr);
    const hid_t set = H5Dcreate2(file, rank == 2 ? "x" : "cube", H5T_NATIVE_INT, space, H5P_DEFAULT,
                                 H5P_DEFAULT, H5P_DEFAULT);
    const int values[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    H5Dwrite(set, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, values);
    H5Dclose(set), H5Sclose(space);
  }
  H5Fclose(file);
  const auto read = [&](const char* dataset) {
    return at::run_method("load_matrix", {{"path", path.string()}, {"dataset", dataset}});
  };
  const auto out = read("/x");
  CHECK(out.at("rows").as_int() == 2);
  CHECK(out.at("cols").as_int() == 3);
  CHECK(out.at("matrix").as_real_array().data == std::vector<double>{1, 2, 3, 4, 5, 6});
  CHECK_THROWS_WITH(read("/y"),
                    Catch::Contains(path.string()) && Catch::Contains("dataset '/y' not found"));
  CHECK_THROWS_WITH(read("/cube"), Catch::Contains("has rank 3; a matrix needs 1 or 2"));
  CHECK_THROWS_WITH(at::run_method("load_matrix", {{"path", path.string()}}),
                    Catch::Contains("needs the `dataset` parameter"));
  std::filesystem::remove(path);
}
