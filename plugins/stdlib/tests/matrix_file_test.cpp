#include "matrix_file.hpp"

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
  const auto m = sl::read_csv_matrix(path.string());
  REQUIRE(m.rows() == 2);
  REQUIRE(m.cols() == 2);
  CHECK(m(1, 0) == 3.5);
  CHECK(m(1, 1) == -0.4);
  std::ofstream(path) << "1,2\n3\n";
  CHECK_THROWS_WITH(sl::read_csv_matrix(path.string()),
                    Catch::Contains(path.string()) && Catch::Contains("line 2") &&
                        Catch::Contains("1 fields but the first row has 2"));
  std::ofstream(path) << "1,2\n3,abc\n";
  CHECK_THROWS_WITH(sl::read_csv_matrix(path.string()), Catch::Contains("line 2: a field is not"));
  fs::remove(path);
  CHECK_THROWS_WITH(sl::read_csv_matrix(path.string()), Catch::Contains("cannot open"));
}
